internal import Dispatch
internal import Foundation

/// Tells, without crashing, whether code runs on the main actor.
///
/// The main actor runs on the main dispatch queue; that queue is drained by the main thread, except under Swift
/// Testing on Linux, where another thread drains it. So the check accepts the main queue or the main thread. The
/// queue is asked first: on Linux, `Thread.isMainThread` makes two system calls (`getpid`, `gettid`), and the
/// check runs on every reload a spy records.
enum MainActorCheck {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static var isOnMainActor: Bool {
        (marked && DispatchQueue.getSpecific(key: key) == 1) || Thread.isMainThread
    }
}
