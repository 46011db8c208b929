package import Foundation

/// Folders for the files tests write, shared by the test targets.
///
/// They are made on tmpfs (`/dev/shm`) when the machine has one, else in the system's temporary folder: there, an
/// account file's fsyncs and SQLite's commits cost nothing, while the files, locks and renames stay as real as on
/// a disk (only durability across a power cut is not tested).
package enum TemporaryFolder {
    /// Makes a new empty folder named `prefix` and a UUID, which the caller removes.
    ///
    /// - Parameter prefix: The start of the folder's name, saying which tests made it, such as `puremvvm-sqlite`.
    /// - Returns: The folder.
    /// - Throws: The file system's error when the folder cannot be made.
    package static func make(prefix: String) throws -> URL {
        let base =
            FileManager.default.isWritableFile(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
