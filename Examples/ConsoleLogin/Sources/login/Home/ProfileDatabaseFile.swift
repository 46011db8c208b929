internal import LoginFeature

/// The home screen's SQLite file (`--profiles FILE`, or the default one), checked as an account file is before a
/// session, `import-profiles` or a sign-up uses it (``AccountFilePermissions``, OpenSSH's rule for private keys):
/// never a symbolic link, a regular file, and neither it nor its folder writable by group or others or belonging to
/// anyone but the user or root, since whoever can write it can change what the user's home screen and orders show.
/// A file others can only read is used without a warning: it holds no password hashes.
///
/// A missing file is fine: SQLiteProfiles creates it with mode 0600 (and the default one's folder with 0700), and
/// opens it without following a symbolic link, so a link planted between the check and the opening is refused too.
enum ProfileDatabaseFile {
    /// Checks the database file at a path and its folder.
    ///
    /// - Parameter path: The file; `:memory:` (a database in memory) is not checked.
    /// - Throws: ``ProfileDatabaseFileError`` naming the file or folder, and the fix where there is one.
    static func check(_ path: String) throws(ProfileDatabaseFileError) {
        guard path != HomeProfiles.inMemory else { return }
        let folder = POSIXFiles.parentFolder(of: path)
        let entry: (kind: FileKind, status: FileStatus)?
        let folderStatus: FileStatus?
        do {
            entry = try POSIXFiles.entry(path)
            folderStatus = try POSIXFiles.folderStatus(folder)
        } catch {
            throw .file(error)
        }
        switch entry?.kind {
        case .symbolicLink: throw .symbolicLink(path: path)
        case .other: throw .file(.notRegularFile(path: path))
        case .regularFile, nil: break
        }
        guard let folderStatus else { return }  // the default folder, made with mode 0700 when first used
        let problem = AccountFilePermissions.problem(
            path: path, file: entry?.status, folder: (folder, folderStatus), user: POSIXFiles.currentUser)
        switch problem {
        case nil, .readableByOthers: return
        case .untrustedOwner(let path, let owner):
            throw .untrustedOwner(path: path, owner: owner, user: POSIXFiles.currentUser)
        case .unsafeMode(let path, let mode, let isFolder):
            throw .unsafeMode(path: path, mode: mode, isFolder: isFolder)
        }
    }
}
