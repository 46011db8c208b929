/// Seed 001's MVP: a passive view behind a protocol, a presenter that decides everything the view shows, and a
/// service protocol for the model.
///
/// The view (``LoginViewController``) forwards the user's input to the ``LoginPresenter`` and does what the
/// ``LoginView`` protocol asks. The presenter keeps the form's state, tells the view what to show step by step,
/// and calls the ``LoginService`` (here ``AccountLoginService``: the authenticator and the failure policy). The
/// presenter is tested with a spy view and a fake service, with no widgets at all.
enum MVP {}
