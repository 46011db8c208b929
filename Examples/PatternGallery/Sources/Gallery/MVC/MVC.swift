/// The seed's MVC (seeds 001 and 002): the controller does it all.
///
/// The model is `LoginFeature`'s (`User`, `Authenticator`, the rules, the failure policy); the view is the
/// platform's widgets (``LoginWidgets``, UIKit's text fields and button in the seed). Everything else, validation,
/// when borders show, when the button is enabled, the sign-in, the attempts and their delays, the alerts and the
/// navigation, is one class: ``LoginViewController``. Nothing of it can be tested without the widgets (see
/// `Examples/PatternGallery/Tests/GalleryTests/MVC/`).
enum MVC {}
