#!/usr/bin/env bash
# Counts the pattern gallery (Examples/PatternGallery/Sources/Gallery) and prints the Markdown tables the docs show (two, so each fits
# the documentation's column): for each of the seven patterns, its files, its lines of code, its unit tests that run
# without a view and the tests that need fake widgets; then its lines of code by role and what grows first when the
# screen grows. `--check FILE` fails if FILE does not contain them. A line of code is a line that is not blank and
# not only a comment, as in scripts/test-lines.sh.
# Each folder's namespace file (MVP/MVP.swift: documentation and `enum MVP {}`) is not counted; the files a
# pattern uses from LoginFeature beyond the shared model (MVVM's ViewModel, its outputs and delegate) are. Every other
# file of a pattern's folder must have a role below: the script fails on a file it does not know, so the
# table cannot leave one out. The tracing proxies behind `login --trace` (Examples/PatternGallery/Sources/Gallery/Tracing) are not part
# of a pattern a reader reads: they are not in the table's counts, but in the note under it, per pattern (the
# file `Tracing/<folder>+Tracing.swift`) and shared (the files listed in `tracing_shared`); the script fails on
# any other file there too.
set -euo pipefail
cd "$(dirname "$0")/.."

count() {
    cat "$@" | grep -cvE '^\s*($|//)' || true
}

# Test functions: XCTest's `func test…` and Swift Testing's `@Test`.
tests_in() {
    if [[ $# -eq 0 ]]; then echo 0; return; fi
    cat "$@" | grep -cE '^\s*(func test|@Test)' || true
}

# pattern folder | --pattern value | title
patterns=(
    "MVC|mvc|MVC"
    "MVCVariant|mvc-variant|MVC variant"
    "MVP|mvp|MVP"
    "MVVM|mvvm|MVVM"
    "MVVMInputOutput|mvvm-io|MVVM Input/Output"
    "MVI|mvi|MVI"
    "VIPER|viper|VIPER"
)

# The order roles are listed in: what draws, what decides, what it works with, what wires it.
role_order=(view controller presenter "view model" store reducer interactor router model service
    "state, intent, effect" entity protocols assembly)

# file (Gallery/… under Examples/PatternGallery/Sources, LoginFeature/… under Examples/ConsoleLogin/Sources) | role
roles=(
    "Gallery/MVC/MVC.LoginViewController.swift|controller"
    "Gallery/MVCVariant/MVCVariant.LoginForm.swift|model"
    "Gallery/MVCVariant/MVCVariant.LoginFormView.swift|view"
    "Gallery/MVCVariant/MVCVariant.LoginFormViewDelegate.swift|protocols"
    "Gallery/MVCVariant/MVCVariant.LoginFormShowing.swift|protocols"
    "Gallery/MVCVariant/MVCVariant.LoginViewController.swift|controller"
    "Gallery/MVP/MVP.LoginViewController.swift|view"
    "Gallery/MVP/MVP.LoginView.swift|protocols"
    "Gallery/MVP/MVP.LoginPresenting.swift|protocols"
    "Gallery/MVP/MVP.LoginPresenter.swift|presenter"
    "Gallery/MVP/MVP.LoginService.swift|protocols"
    "Gallery/MVP/MVP.LoginAttemptResult.swift|service"
    "Gallery/MVP/MVP.AccountLoginService.swift|service"
    "Gallery/MVVM/MVVM.LoginView.swift|view"
    "LoginFeature/Login/LoginViewModel.swift|view model"
    "LoginFeature/Login/LoginOutputs.swift|view model"
    "LoginFeature/Login/LoginViewModelDelegate.swift|protocols"
    "Gallery/MVVM/MVVM.LoginViewModelInterface.swift|protocols"
    "Gallery/MVVMInputOutput/MVVMInputOutput.LoginView.swift|view"
    "Gallery/MVVMInputOutput/MVVMInputOutput.LoginViewModel.swift|view model"
    "Gallery/MVVMInputOutput/MVVMInputOutput.ViewModelType.swift|protocols"
    "Gallery/MVI/MVI.LoginView.swift|view"
    "Gallery/MVI/MVI.LoginRendering.swift|protocols"
    "Gallery/MVI/MVI.LoginIntentReceiver.swift|protocols"
    "Gallery/MVI/MVI.LoginReducing.swift|protocols"
    "Gallery/MVI/MVI.LoginStore.swift|store"
    "Gallery/MVI/MVI.LoginReducer.swift|reducer"
    "Gallery/MVI/MVI.LoginState.swift|state, intent, effect"
    "Gallery/MVI/MVI.LoginIntent.swift|state, intent, effect"
    "Gallery/MVI/MVI.LoginEffect.swift|state, intent, effect"
    "Gallery/VIPER/VIPER.LoginViewController.swift|view"
    "Gallery/VIPER/VIPER.LoginPresenter.swift|presenter"
    "Gallery/VIPER/VIPER.LoginInteractor.swift|interactor"
    "Gallery/VIPER/VIPER.LoginRouter.swift|router"
    "Gallery/VIPER/VIPER.LoginCredentials.swift|entity"
    "Gallery/VIPER/VIPER.LoginModule.swift|assembly"
    "Gallery/VIPER/VIPER.LoginViewInput.swift|protocols"
    "Gallery/VIPER/VIPER.LoginViewOutput.swift|protocols"
    "Gallery/VIPER/VIPER.LoginInteractorInput.swift|protocols"
    "Gallery/VIPER/VIPER.LoginInteractorOutput.swift|protocols"
    "Gallery/VIPER/VIPER.LoginRouterInput.swift|protocols"
)

# The files of Examples/PatternGallery/Sources/Gallery/Tracing that every pattern's tracing uses.
tracing_shared=(LoginRole.swift LoginMessage.swift LoginTraceSink.swift LoginTraceSink+Messages.swift
    LoginPattern+Tracing.swift TracedLoginScreen.swift TraceText.swift TracingWidgets.swift TracingAuthenticator.swift
    TracingClock.swift LoginDependencies+Tracing.swift TracingLoginViewModelDelegate.swift)

# The files of a pattern that live outside its folder: MVVM's ViewModel is the toolkit's, in LoginFeature, and
# the Input/Output ViewModel reuses its outputs and delegate protocol.
extra_files() {
    case "$1" in
        MVVM) echo "LoginFeature/Login/LoginViewModel.swift LoginFeature/Login/LoginOutputs.swift LoginFeature/Login/LoginViewModelDelegate.swift" ;;
        MVVMInputOutput) echo "LoginFeature/Login/LoginOutputs.swift LoginFeature/Login/LoginViewModelDelegate.swift" ;;
        *) echo "" ;;
    esac
}

# Tests of a pattern outside Examples/PatternGallery/Tests/GalleryTests/<pattern>: the toolkit's LoginViewModel is tested in
# LoginFeatureTests (every file that makes one, but HandWrittenSpy/, the same four seed cases written again
# without PureMVVMTesting for the "Testing a ViewModel" comparison).
extra_tests() {
    case "$1" in
        MVVM) grep -l 'LoginViewModel(' Examples/ConsoleLogin/Tests/LoginFeatureTests/*.swift | sort ;;
        *) echo "" ;;
    esac
}

grows() {
    case "$1" in
        MVC) echo "The controller: every new field, rule, state or alert is one more branch in the one class that also draws, and none of it can be tested apart." ;;
        MVCVariant) echo "The model and the view's \`configure\` grow with each field; the controller still collects the sign-in, the attempts, the alerts and the navigation." ;;
        MVP) echo "The view protocol and the presenter: each new widget state is one more view method, and one more call the presenter must make in the right order." ;;
        MVVM) echo "The outputs and the ViewModel's inputs; the view's reload switch gains a line per output, and each output is one more line in a \`ViewModelTester\` test." ;;
        MVVMInputOutput) echo "The \`Input\` and \`Output\` types and their plumbing: each new event is a field, a hook in \`transform(input:)\` and a handler the view keeps." ;;
        MVI) echo "The state, the intent and effect enums and the reducer's switch; \`render\` stays one function that draws the whole state." ;;
        VIPER) echo "The protocols: each new interaction adds a method to a view, interactor or router contract and to both of its sides, before any logic." ;;
    esac
}

# The path of a file as `roles` names it.
source_path() {
    case "$1" in
    Gallery/*) echo "Examples/PatternGallery/Sources/$1" ;;
    *) echo "Examples/ConsoleLogin/Sources/$1" ;;
    esac
}

role_of() {
    local file=$1 entry
    for entry in "${roles[@]}"; do
        if [[ "${entry%%|*}" == "$file" ]]; then
            if [[ " ${role_order[*]} " != *" ${entry#*|} "* ]]; then
                echo "error: the role '${entry#*|}' of $file is not in role_order" >&2
                exit 1
            fi
            echo "${entry#*|}"
            return
        fi
    done
    echo "error: $file has no role in scripts/gallery-table.sh; add it to 'roles'" >&2
    exit 1
}

tracing_note=""
for path in Examples/PatternGallery/Sources/Gallery/Tracing/*.swift; do
    name=$(basename "$path")
    known=false
    for shared in "${tracing_shared[@]}"; do [[ "$name" == "$shared" ]] && known=true; done
    for pattern in "${patterns[@]}"; do [[ "$name" == "${pattern%%|*}+Tracing.swift" ]] && known=true; done
    if ! $known; then
        echo "error: $path is neither a pattern's tracing (<folder>+Tracing.swift) nor in 'tracing_shared'" >&2
        exit 1
    fi
done
shared_tracing=$(count "${tracing_shared[@]/#/Examples/PatternGallery/Sources/Gallery/Tracing/}")

rows=""
growth_rows=""
contract_tests=$(tests_in Examples/PatternGallery/Tests/GalleryTests/PatternContractTests.swift)
transcripts=$(ls Fixtures/transcripts/*.transcript | wc -l | tr -d ' ')
for pattern in "${patterns[@]}"; do
    IFS='|' read -r folder flag title <<<"$pattern"
    files=()
    for path in Examples/PatternGallery/Sources/Gallery/"$folder"/*.swift; do
        [[ "$(basename "$path")" == "$folder.swift" ]] && continue
        files+=("${path#Examples/PatternGallery/Sources/}")
    done
    for extra in $(extra_files "$folder"); do files+=("$extra"); done

    for file in "${files[@]}"; do role_of "$file" >/dev/null; done  # every file has a known role, or stop here

    # Lines by role, in role_order.
    total=0
    by_role=""
    for role in "${role_order[@]}"; do
        lines=0
        found=false
        for file in "${files[@]}"; do
            if [[ "$(role_of "$file")" == "$role" ]]; then
                lines=$((lines + $(count "$(source_path "$file")")))
                found=true
            fi
        done
        if $found; then by_role+="${by_role:+ · }$role $lines"; fi
        total=$((total + lines))
    done
    # Unit tests: in files that use the fake widgets (WidgetsSpy), or not.
    without=()
    with=()
    for test in Examples/PatternGallery/Tests/GalleryTests/"$folder"/*.swift; do
        if grep -q 'WidgetsSpy' "$test"; then with+=("$test"); else without+=("$test"); fi
    done
    for test in $(extra_tests "$folder"); do without+=("$test"); done
    without_count=$(tests_in ${without[@]+"${without[@]}"})
    with_count=$(tests_in ${with[@]+"${with[@]}"})
    where=""
    if [[ "$folder" == "MVVM" ]]; then where=" (in LoginFeatureTests)"; fi

    tracing_note+="${tracing_note:+, }$title $(count "Examples/PatternGallery/Sources/Gallery/Tracing/$folder+Tracing.swift")"
    rows+="| $title | \`$flag\` | ${#files[@]} | $total | $without_count$where | $with_count |"$'\n'
    growth_rows+="| $title | $by_role | $(grows "$folder") |"$'\n'
done

table=$(cat <<TABLE
| pattern | \`--pattern\` | files | lines of code | unit tests without a view | tests on fake widgets |
| --- | --- | ---: | ---: | ---: | ---: |
${rows%$'\n'}

| pattern | lines of code by role | what grows first when the screen grows |
| --- | --- | --- |
${growth_rows%$'\n'}

Every pattern passes the $contract_tests contract tests on fake widgets, as it is and traced (\`Examples/PatternGallery/Tests/GalleryTests/PatternContractTests.swift\`), and the $transcripts console transcripts (\`Fixtures/transcripts\`). Lines of code are lines that are neither blank nor only a comment. The model every pattern shares (\`LoginRules\`, \`LoginAlerts\`, \`LoginAttempts\`, \`Authenticator\`), the mapping of \`LoginOutputs\` onto the widgets that both MVVM views call (\`Shared/LoginWidgets+LoginOutputs.swift\`, 17 lines) and each folder's namespace file are not counted; the files MVVM and MVVM Input/Output use from \`LoginFeature\` (\`LoginViewModel\`, \`LoginOutputs\`, \`LoginViewModelDelegate\`) are. Nor are the tracing proxies behind \`--trace\` (\`Examples/PatternGallery/Sources/Gallery/Tracing\`): $shared_tracing lines shared, and $tracing_note.
TABLE
)

if [[ "${1:-}" == "--check" ]]; then
    file=${2:?usage: $0 --check FILE}
    if [[ "$(cat "$file")" != *"$table"* ]]; then
        echo "error: $file does not show the current gallery tables; run scripts/gallery-table.sh and paste its output:" >&2
        echo "$table" >&2
        exit 1
    fi
    echo "$file shows the current gallery tables."
else
    echo "$table"
fi
