/// The rows that stay when kept rows changed order: one longest increasing subsequence of their old indexes, taken
/// in new order (patience sorting, O(k log k), O(k) when the indexes already increase). Every kept row outside it
/// is a move, and no fewer moves give the new order.
enum LongestIncreasingRun {
    /// Which elements belong to one longest strictly increasing subsequence.
    ///
    /// - Parameter values: Distinct values, such as the old indexes of the kept rows in new order.
    /// - Returns: For each element, whether it belongs.
    static func members(of values: [Int]) -> [Bool] {
        var members = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return members }
        // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(64)
        for (position, value) in values.enumerated() {
            if let last = tails.last, values[last] >= value {
                var low = 0
                var high = tails.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[position] = tails[low - 1] }
                tails[low] = position
            } else {
                if let last = tails.last { previous[position] = last }
                tails.append(position)
            }
        }
        var position = tails[tails.count - 1]
        while position >= 0 {
            members[position] = true
            position = previous[position]
        }
        return members
    }
}
