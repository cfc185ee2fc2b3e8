export { startTestSmtpServer } from "./smtp-test-server.ts";
export { getSendingOverRest, queueEmailOverRest } from "./rest.ts";
export type { TestSmtpServer, ReceivedMail, RcptAttempt, SmtpBehaviour } from "./smtp-test-server.ts";
export { startTestPushService } from "./push-service.ts";
export type { TestPushService, TestPushSubscription, ReceivedPush, PushAnswer } from "./push-service.ts";
export { startTestSmsc } from "./smsc.ts";
export type { TestSmsc, ReceivedSubmit } from "./smsc.ts";
