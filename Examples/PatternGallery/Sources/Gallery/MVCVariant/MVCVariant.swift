/// Seed 002's "MVC variant": the view configures itself from a model.
///
/// The controller still signs in, counts attempts, alerts and navigates, but it no longer touches the widgets:
/// it edits a ``LoginForm`` (the model of what the form shows) and hands it to its ``LoginFormView``, whose
/// `form` setter draws every widget from it, as the seed's `setModel:`. The view tells the controller what the
/// user did through a weak delegate (``LoginFormViewDelegate``). The model can be tested alone; the controller
/// still needs a view.
enum MVCVariant {}
