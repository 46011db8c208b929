/// Seed 001's "improved MVVM": every input and output of the ViewModel declared in two types, `Input` and
/// `Output`, and bound in one place, `transform(input:)`, with closures and a delegate instead of RxSwift.
///
/// In the seed, `Input` holds the view's observables (`rx.text`, `rx.tap`) and `Output` the ViewModel's. With
/// no reactive types, an `Input` field is a closure that hooks a handler of the ViewModel's to one of the view's
/// events, and `Output` gives a reader of the current outputs and connects the view as the ViewModel's weak
/// delegate, which hears reloads naming what changed, alerts and navigation. What the shape costs is the
/// plumbing Rx used to hide, in ``LoginViewModel/transform(input:)`` and in ``LoginView``.
enum MVVMInputOutput {}
