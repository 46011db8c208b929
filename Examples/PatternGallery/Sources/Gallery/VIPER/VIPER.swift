/// Seed 001's VIPER: View, Interactor, Presenter, Entity, Router, wired by a module assembly, each role behind
/// a protocol so each can be tested apart.
///
/// The ``LoginViewController`` forwards events (``LoginViewOutput``) and shows what it is told
/// (``LoginViewInput``). The ``LoginPresenter`` turns events into requests to the ``LoginInteractor``
/// (``LoginInteractorInput``: the rules, the sign-in, the failure policy) and its answers
/// (``LoginInteractorOutput``) into what the view shows and where the ``LoginRouter`` goes
/// (``LoginRouterInput``). ``LoginCredentials`` is the entity; ``LoginModule`` assembles it all.
enum VIPER {}
