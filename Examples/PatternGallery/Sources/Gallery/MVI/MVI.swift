/// Seed 001's MVI: the view sends intents, a pure reducer turns the state and an intent into the next state
/// and the effects to run, and the view renders the whole state.
///
/// ``LoginState`` is a value holding everything the screen shows and needs; ``LoginIntent`` is what the user
/// meant, and what the effects report back; ``LoginReducer/reduce(_:_:)`` is a pure function, tested with
/// nothing but values; ``LoginEffect`` names the work it asks for (sign in, wait, alert, navigate), which the
/// ``LoginStore`` runs (the seed calls it the ViewModel); ``LoginView`` renders each new state onto the widgets.
enum MVI {}
