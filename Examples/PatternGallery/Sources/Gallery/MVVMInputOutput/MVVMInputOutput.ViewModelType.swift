extension MVVMInputOutput {
    /// A ViewModel whose inputs and outputs are two declared types, bound once by ``transform(input:)`` (the
    /// seed's `MVVMViewModelType`).
    @MainActor
    protocol ViewModelType<Input, Output> {
        /// The view's events, as the ViewModel hears them.
        associatedtype Input
        /// What the ViewModel gives the view back.
        associatedtype Output

        /// Binds the view's events to the ViewModel and returns what the view shows.
        ///
        /// - Parameter input: The view's events.
        /// - Returns: The outputs.
        func transform(input: Input) -> Output
    }
}
