import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// What the payer is shown for a page's dialog and for the SDK's own prompts, and what the page
/// hears back.
@MainActor
struct PayerDialogTests {
    typealias Dialogs = SwedbankPaySDK.PayerDialogs
    typealias Button = SwedbankPaySDK.PayerDialog.Button

    let english: (SwedbankPaySDK.Strings.Key) -> String = {
        SwedbankPaySDK.Strings.text($0, overrides: [:], preferred: ["en"], appTable: nil)
    }

    @Test func aPagesDialogsAreShownWithTheirMessageAndTheButtonsTheyNeed() {
        #expect(
            Dialogs.dialog(for: .alert(message: "Card saved"), text: english)
                == SwedbankPaySDK.PayerDialog(
                    kind: .page, title: nil, message: "Card saved", textField: nil,
                    buttons: [Button(title: "OK", isCancel: false)]))
        #expect(
            Dialogs.dialog(for: .confirm(message: "Leave?"), text: english)
                == SwedbankPaySDK.PayerDialog(
                    kind: .page, title: nil, message: "Leave?", textField: nil,
                    buttons: [Button(title: "OK", isCancel: false), Button(title: "Cancel", isCancel: true)]))
        #expect(Dialogs.dialog(for: .prompt(message: "Code", defaultText: nil), text: english).textField == "")
        #expect(Dialogs.dialog(for: .prompt(message: "Code", defaultText: "12"), text: english).textField == "12")
    }

    @Test func thePageHearsOKCancelAndTheTextEntered() {
        let ok = SwedbankPaySDK.PayerDialogResponse(button: 0, text: "4321")
        let cancel = SwedbankPaySDK.PayerDialogResponse(button: 1, text: "4321")
        let away = SwedbankPaySDK.PayerDialogResponse(button: nil)
        let prompt = SwedbankPaySDK.WebDialog.prompt(message: "Code", defaultText: nil)
        let confirm = SwedbankPaySDK.WebDialog.confirm(message: "Leave?")
        let alert = SwedbankPaySDK.WebDialog.alert(message: "Hi")
        #expect(
            [ok, cancel, away].map { Dialogs.answer(to: alert, response: $0) } == [.accepted, .accepted, .accepted])
        #expect(
            [ok, cancel, away].map { Dialogs.answer(to: confirm, response: $0) } == [.accepted, .dismissed, .dismissed])
        #expect(
            [ok, cancel, away].map { Dialogs.answer(to: prompt, response: $0) }
                == [.text("4321"), .dismissed, .dismissed])
        #expect(Dialogs.answer(to: prompt, response: SwedbankPaySDK.PayerDialogResponse(button: 0)) == .text(""))
        #expect([alert, confirm, prompt].map(\.unattendedAnswer) == [.accepted, .dismissed, .dismissed])
    }

    @Test func theStuckPromptOffersToWaitOrToContinueInTheBrowser() {
        let swedish: (SwedbankPaySDK.Strings.Key) -> String = {
            SwedbankPaySDK.Strings.text($0, overrides: [:], preferred: ["sv"], appTable: nil)
        }
        #expect(
            Dialogs.maybeStuck(text: swedish)
                == SwedbankPaySDK.PayerDialog(
                    kind: .paymentMaybeStuck, title: "Har betalningen fastnat?",
                    message:
                        "Om du är klar i den andra appen och inget har hänt här kan betalningen ha fastnat. Du kan vänta, eller fortsätta betalningen i webbläsaren.",
                    textField: nil,
                    buttons: [
                        Button(title: "Vänta", isCancel: true),
                        Button(title: "Fortsätt i webbläsaren", isCancel: false),
                    ]
                ))
        #expect(
            Dialogs.continuesInBrowser(text: english)
                == SwedbankPaySDK.PayerDialog(
                    kind: .continuesInBrowser, title: "The payment continues in your browser",
                    message: "Finish the payment in your browser, then come back to the app.", textField: nil,
                    buttons: [Button(title: "OK", isCancel: false)]))
    }
}
