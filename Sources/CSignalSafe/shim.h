// An int that a signal handler reads while another thread writes it, where C programs use `volatile sig_atomic_t`:
// the compiler's atomic built-ins, lock-free on every platform Swift runs on (so safe in a signal handler), and
// understood by ThreadSanitizer. The standard library's `Atomic` does this from macOS 15 and iOS 18 only, above the
// package's floor. No #include: nothing of the C library's is needed.

// Reads the value, acquiring what the writer released before it.
static inline int csignalsafe_load_acquiring(const int *value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}

// Writes the value, releasing the writes before it.
static inline void csignalsafe_store_releasing(int *value, int newValue) {
    __atomic_store_n(value, newValue, __ATOMIC_RELEASE);
}
