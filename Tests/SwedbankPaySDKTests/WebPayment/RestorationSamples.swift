// Restoration data as `paymentRestorationData()` wrote it before the web payment became a phase
// enum with a reducer (keys sorted, so each sample is also what encoding writes today). Apps keep
// such data across SDK updates: every sample must go on decoding. Do not edit the samples.
enum RestorationSamples {
    static let all: [(name: String, json: String)] = [
        (
            "idle",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"idle"},"version":1}"#
        ),
        (
            "initializingConsumerSession",
            #"{"configurationWasGiven":false,"consumer":{"language":"en-US","operation":"initiate-consumer-session","shippingAddressRestrictedToCountryCodes":["SE"]},"orderKey":"sample-key-1","state":{"discriminator":"initializingConsumerSession","options":2},"userData":{"type":"com.swedbankpay.mobilesdk.String","value":"user-1"},"version":1}"#
        ),
        (
            "identifyingConsumer",
            #"{"configurationWasGiven":false,"consumer":{"language":"en-US","operation":"initiate-consumer-session","shippingAddressRestrictedToCountryCodes":["SE"]},"orderKey":"sample-key-1","state":{"consumerInfo":{"viewConsumerIdentification":"https:\/\/psp.example\/consumer.js?token=c","webViewBaseURL":"https:\/\/merchant.example\/"},"discriminator":"identifyingConsumer","options":2},"version":1}"#
        ),
        (
            "creatingPaymentOrder",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","paymentOrder":{"amount":1500,"currency":"SEK","description":"Test Purchase","disablePaymentMenu":false,"disableStoredPaymentDetails":false,"generatePaymentToken":false,"generateRecurrenceToken":false,"generateUnscheduledToken":false,"language":"en-US","operation":"Purchase","payeeInfo":{"payeeId":"","payeeReference":""},"urls":{"completeUrl":"https:\/\/merchant.example\/complete","hostUrls":["https:\/\/merchant.example\/"]},"userAgent":"SwedbankPaySDK-Swift\/0.1.0 (compatible; SwedbankPaySDK-iOS\/5.0.3)","vatAmount":375},"state":{"consumerProfileRef":"cpr-9","discriminator":"creatingPaymentOrder","options":2},"userData":{"type":"com.swedbankpay.mobilesdk.Int","value":42},"version":1}"#
        ),
        (
            "creatingPaymentOrderV3",
            #"{"configurationWasGiven":true,"paymentOrder":{"amount":1500,"currency":"SEK","description":"Test Purchase","disablePaymentMenu":false,"disableStoredPaymentDetails":false,"generatePaymentToken":false,"generateRecurrenceToken":false,"generateUnscheduledToken":false,"language":"en-US","operation":"Purchase","payeeInfo":{"payeeId":"","payeeReference":""},"urls":{"completeUrl":"https:\/\/merchant.example\/complete","hostUrls":["https:\/\/merchant.example\/"]},"userAgent":"SwedbankPaySDK-Swift\/0.1.0 (compatible; SwedbankPaySDK-iOS\/5.0.3)","vatAmount":375},"state":{"discriminator":"creatingPaymentOrder","options":1},"version":1}"#
        ),
        (
            "paying",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","paymentOrder":{"amount":1500,"currency":"SEK","description":"Test Purchase","disablePaymentMenu":false,"disableStoredPaymentDetails":false,"generatePaymentToken":false,"generateRecurrenceToken":false,"generateUnscheduledToken":false,"language":"en-US","operation":"Purchase","payeeInfo":{"payeeId":"","payeeReference":""},"urls":{"completeUrl":"https:\/\/merchant.example\/complete","hostUrls":["https:\/\/merchant.example\/"]},"userAgent":"SwedbankPaySDK-Swift\/0.1.0 (compatible; SwedbankPaySDK-iOS\/5.0.3)","vatAmount":375},"state":{"discriminator":"paying","info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":true,"paymentId":"\/psp\/paymentorders\/1","paymentUrl":"https:\/\/merchant.example\/sdk-callback\/ios-universal-link?scheme=testcallback&id=1","termsOfServiceUrl":"https:\/\/merchant.example\/tos","viewPaymentLink":"https:\/\/psp.example\/checkout.js?token=1","webViewBaseURL":"https:\/\/merchant.example\/"},"options":1},"userData":{"type":"com.swedbankpay.mobilesdk.String","value":"user-2"},"version":1}"#
        ),
        (
            "updatingPaymentOrder",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"paying","info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","instrument":"Swish","isV3":true,"paymentId":"\/psp\/paymentorders\/1","paymentUrl":"https:\/\/merchant.example\/sdk-callback\/ios-universal-link?scheme=testcallback&id=1","termsOfServiceUrl":"https:\/\/merchant.example\/tos","viewPaymentLink":"https:\/\/psp.example\/checkout.js?token=1&instrument=Swish","webViewBaseURL":"https:\/\/merchant.example\/"},"options":3},"version":1}"#
        ),
        (
            "aborting",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"aborting","info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":false,"paymentId":"\/psp\/paymentorders\/2","paymentUrl":"https:\/\/merchant.example\/payment\/ios","viewPaymentLink":"https:\/\/psp.example\/menu.js?token=2","webViewBaseURL":"https:\/\/merchant.example\/"},"options":0},"version":1}"#
        ),
        (
            "complete",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"complete","info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":true,"paymentId":"\/psp\/paymentorders\/1","paymentUrl":"https:\/\/merchant.example\/sdk-callback\/ios-universal-link?scheme=testcallback&id=1","termsOfServiceUrl":"https:\/\/merchant.example\/tos","viewPaymentLink":"https:\/\/psp.example\/checkout.js?token=1","webViewBaseURL":"https:\/\/merchant.example\/"}},"version":1}"#
        ),
        (
            "canceled",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"canceled"},"version":1}"#
        ),
        (
            "failedScript",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.WebContentError","value":{"kind":"scriptLoadingFailure","scriptUrl":"https:\/\/psp.example\/checkout.js"}},"info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":true,"paymentId":"\/psp\/paymentorders\/1","paymentUrl":"https:\/\/merchant.example\/sdk-callback\/ios-universal-link?scheme=testcallback&id=1","termsOfServiceUrl":"https:\/\/merchant.example\/tos","viewPaymentLink":"https:\/\/psp.example\/checkout.js?token=1","webViewBaseURL":"https:\/\/merchant.example\/"}},"version":1}"#
        ),
        (
            "failedRedirect",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.WebContentError","value":{"error":{"type":"com.swedbankpay.mobilesdk.WebViewLoadFailure","value":{"description":"net::ERR_FAILED","url":"https:\/\/bank.example\/"}},"kind":"redirectFailure"}},"info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":false,"paymentId":"\/psp\/paymentorders\/2","paymentUrl":"https:\/\/merchant.example\/payment\/ios","viewPaymentLink":"https:\/\/psp.example\/menu.js?token=2","webViewBaseURL":"https:\/\/merchant.example\/"}},"version":1}"#
        ),
        (
            "failedScriptError",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.WebContentError","value":{"kind":"scriptError"}}},"version":1}"#
        ),
        (
            "failedRestoration",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.StateRestorationError","value":{"nonpersistableConfiguration":{}}}},"version":1}"#
        ),
        (
            "failedController",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.ControllerError","value":{"webViewUnavailable":{"_0":"no"}}}},"version":1}"#
        ),
        (
            "failedUnregistered",
            #"{"configurationWasGiven":false,"orderKey":"sample-key-1","state":{"discriminator":"failed","error":{"type":"com.swedbankpay.mobilesdk.StateRestorationError","value":{"unregisteredCodable":{"_0":"SwedbankPaySDKTests.CocoaErrorStandIn"}}},"info":{"cancelUrl":"https:\/\/merchant.example\/cancel","completeUrl":"https:\/\/merchant.example\/complete","isV3":true,"paymentId":"\/psp\/paymentorders\/1","paymentUrl":"https:\/\/merchant.example\/sdk-callback\/ios-universal-link?scheme=testcallback&id=1","termsOfServiceUrl":"https:\/\/merchant.example\/tos","viewPaymentLink":"https:\/\/psp.example\/checkout.js?token=1","webViewBaseURL":"https:\/\/merchant.example\/"}},"version":1}"#
        ),
    ]

    static func json(_ name: String) -> String { all.first { $0.name == name }!.json }
}
