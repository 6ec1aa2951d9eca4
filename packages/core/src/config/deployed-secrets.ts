/**
 * Settings that are secrets on AWS: each is an SST `Config.Secret` of the same name, set per
 * stage with `npx sst secrets set NAME value`, bound only to the functions that need it and
 * read by the Lambda wrapper into the configuration. Locally they are environment variables.
 */
export const SERVER_SECRETS = ["JWT_SECRET", "ADMIN_PASSWORD_HASH"] as const;

/** The EmailJS keys: bound only to the functions that send mail, and only with MAIL_TRANSPORT=emailjs. */
export const EMAILJS_SECRETS = ["EMAILJS_PUBLIC_KEY", "EMAILJS_PRIVATE_KEY"] as const;

/**
 * The CRM webhook's signing secret (docs/decisions/0405-lead-webhook.md): bound only to the
 * functions that post leads (the webhook job and "send again"), and only when LEAD_WEBHOOK_URL is set.
 */
export const WEBHOOK_SECRET = "LEAD_WEBHOOK_SECRET";

/**
 * CloudFront adds this header, with the ORIGIN_SECRET secret as value, to every request it
 * sends to API Gateway; the Lambda wrapper refuses requests without it. So API Gateway
 * cannot be called directly, and `CloudFront-Viewer-Address` (the client address login
 * throttling counts by) can be trusted.
 */
export const ORIGIN_SECRET = "ORIGIN_SECRET";
export const ORIGIN_VERIFY_HEADER = "x-origin-verify";

export const ALL_DEPLOYED_SECRETS = [...SERVER_SECRETS, ...EMAILJS_SECRETS, WEBHOOK_SECRET, ORIGIN_SECRET] as const;
export type DeployedSecret = (typeof ALL_DEPLOYED_SECRETS)[number];
