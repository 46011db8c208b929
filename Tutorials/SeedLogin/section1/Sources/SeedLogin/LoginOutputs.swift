import PureMVVM

/// Everything the login screen shows, typed the way the view draws it.
struct LoginOutputs: ViewOutputs {
    var usernameBorder = BorderState.neutral
    var passwordBorder = BorderState.neutral
    var isLoginEnabled = false
    var isLoading = false

    enum Field: Int, OutputField {
        case usernameBorder, passwordBorder, isLoginEnabled, isLoading
    }

    func hasChanged(_ field: Field, since old: LoginOutputs) -> Bool {
        switch field {
        case .usernameBorder: usernameBorder != old.usernameBorder
        case .passwordBorder: passwordBorder != old.passwordBorder
        case .isLoginEnabled: isLoginEnabled != old.isLoginEnabled
        case .isLoading: isLoading != old.isLoading
        }
    }
}
