/// The toolkit's MVVM (seed 003): `LoginViewModel`, in `LoginFeature`, holds the screen's logic and read-only
/// outputs and talks back only through its weak delegate; this folder holds the View, ``LoginView``, which
/// forwards the widgets' events to the ViewModel's inputs and maps each reload's change set onto the widgets.
///
/// The ViewModel is tested with `ViewModelTester` and a spy (`Examples/ConsoleLogin/Tests/LoginFeatureTests`); the
/// View, which decides nothing, with fake widgets.
enum MVVM {}
