import type { Component, Parameters } from "@platform/app-kit";

// Runs as the job definition apps/shop/daily-reminder (manifest.json's jobDefinitions):
// weekdays at 08:00 Stockholm time it mails the shop a reminder to ship yesterday's orders.
// As a job it may queue emails, nothing else (the definition's acl).
export const parameters = {
  to: { type: "text", default: "shop@example.com" },
} as const satisfies Parameters;

const run: Component<typeof parameters> = async (params, ctx) => {
  const mail = await ctx.sendEmail({
    to: params.to,
    subject: "Orders to ship today",
    body: {
      plainText: "Good morning: yesterday's web orders are waiting to be shipped.",
      html: "<p>Good morning: yesterday's web orders are waiting to be shipped.</p>",
    },
    category: "shop-reminders",
    dynamic: {},
  });
  // Stored as the job's result. One sending per recipient: the one `to`'s.
  return { sendingId: mail.sendings[0]!.sendingId };
};
export default run;
