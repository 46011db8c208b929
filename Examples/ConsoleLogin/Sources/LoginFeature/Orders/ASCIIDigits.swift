/// Reading numbers written in ASCII digits only (not another script's digits, no sign, no spaces), for the orders'
/// text forms.
enum ASCIIDigits {
    /// The value of a run of ASCII digits.
    ///
    /// - Parameter bytes: UTF-8 bytes; at most 18 of them, so the value cannot overflow.
    /// - Returns: The value; `nil` when the run is empty or longer than 18, or a byte is not a digit.
    static func value(of bytes: some Collection<UInt8>) -> Int? {
        guard (1...18).contains(bytes.count) else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
