import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// The rules of the SDK's one-at-a-time dialog presenter (`UIAlertController` on UIKit), with
/// text standing in for the alerts.
@MainActor
@Suite struct PayerDialogSlotTests {
    typealias Response = SwedbankPaySDK.PayerDialogResponse

    /// The alerts made, shown and hidden, and each one's buttons.
    @MainActor
    final class Screen {
        var hidden: [String] = []
        var shown: [String] = []
        /// One arrival per alert shown.
        let displayed = Arrivals()
        var answers: [String: (Response) -> Void] = [:]
        lazy var slot = SwedbankPaySDK.PayerDialogSlot<String> { [unowned self] in hidden.append($0) }

        func present(_ name: String) -> Task<Response, Never> {
            Task {
                await slot.present(
                    make: { answer in
                        self.answers[name] = answer
                        return name
                    },
                    display: {
                        self.shown.append($0)
                        self.displayed.arrive()
                    })
            }
        }
    }

    @Test func aDialogAnswersOnceWithTheButtonTapped() async {
        let screen = Screen()
        let code = screen.present("code")
        #expect(await screen.displayed.wait(for: 1))
        #expect(screen.shown == ["code"])
        screen.answers["code"]?(Response(button: 0, text: "4321"))
        screen.answers["code"]?(Response(button: 1, text: "other"))
        #expect(await code.value == Response(button: 0, text: "4321"))
        // Answered: nothing is shown any more, so there is nothing to take away.
        screen.slot.dismiss()
        #expect(screen.hidden == [])
    }

    @Test func aDialogTakenAwayAnswersWithNoButtonAndIsHidden() async {
        let screen = Screen()
        let notice = screen.present("notice")
        #expect(await screen.displayed.wait(for: 1))
        #expect(screen.shown == ["notice"])
        screen.slot.dismiss()
        screen.answers["notice"]?(Response(button: 0))
        #expect(await notice.value == Response(button: nil))
        #expect(screen.hidden == ["notice"])
        screen.slot.dismiss()
        #expect(screen.hidden == ["notice"])
    }

    @Test func aNewDialogTakesTheOneShownAwayFirst() async {
        let screen = Screen()
        let first = screen.present("first")
        #expect(await screen.displayed.wait(for: 1))
        let second = screen.present("second")
        #expect(await screen.displayed.wait(for: 2))
        #expect(screen.shown == ["first", "second"])
        #expect(await first.value == Response(button: nil))
        #expect(screen.hidden == ["first"])
        // The first one's buttons answer for it alone: the second is still shown.
        screen.answers["first"]?(Response(button: 0))
        screen.slot.dismiss()
        #expect(await second.value == Response(button: nil))
        #expect(screen.hidden == ["first", "second"])
    }

    final class Controller {
        let name: String
        var presented: Controller?
        init(_ name: String, presenting presented: Controller? = nil) {
            self.name = name
            self.presented = presented
        }
    }

    @Test func dialogsArePresentedOverTheLastControllerPresentedOnTop() {
        let chain = Controller("root", presenting: Controller("sheet", presenting: Controller("terms")))
        #expect(SwedbankPaySDK.PayerDialogs.topmost(from: chain, presented: \.presented).name == "terms")
        #expect(SwedbankPaySDK.PayerDialogs.topmost(from: Controller("alone"), presented: \.presented).name == "alone")
    }
}
