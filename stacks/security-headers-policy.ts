import { Duration, Lazy } from "aws-cdk-lib";
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  type ResponseCustomHeader,
  type ResponseHeadersPolicyProps,
  type ResponseSecurityHeadersBehavior,
} from "aws-cdk-lib/aws-cloudfront";
import type { Construct } from "constructs";
import { inlineScriptHashes } from "@codcrm/core/web/inline-script-hashes";
import { securityHeaders, type SecurityHeaderOptions } from "@codcrm/core/web/security-headers";

/** The origins the CSP names beside the site's own: whom pages may call and load images from. */
export type CspSources = Pick<SecurityHeaderOptions, "connectSources" | "imageSources">;

/** CloudFront's limit for the Content-Security-Policy value of a response headers policy. */
export const CSP_MAX_LENGTH = 1783;

/**
 * The CloudFront response headers policy built from the one header definition
 * (packages/core/src/web/security-headers.ts), so production and the local server send the
 * same headers. CloudFront wants the standard security headers as typed settings: their
 * values are read back from the definition; every other header is a custom header.
 *
 * The CSP allows the inline scripts of the built site by hash. The build runs during
 * synthesis (SST builds the site after the stacks are defined), so the policy is computed
 * lazily, when the template is written, from the files that will be uploaded.
 */
export function securityHeadersPolicy(
  scope: Construct,
  id: string,
  builtSite: string,
  sources: CspSources = {},
  added: Readonly<Record<string, string>> = {},
): ResponseHeadersPolicy {
  const props = responseHeadersPolicyProps({ ...securityHeaders(), ...added }, () => cspFor(builtSite, sources));
  const isolated = Object.keys(added).length > 0;
  return new ResponseHeadersPolicy(
    scope,
    id,
    isolated ? { ...props, comment: `${props.comment}, with the admin's opener isolation` } : props,
  );
}

export function cspFor(builtSite: string, sources: CspSources = {}): string {
  const scriptHashes = inlineScriptHashes(builtSite);
  const csp = securityHeaders({ scriptHashes, ...sources })["content-security-policy"] ?? "";
  if (csp.length > CSP_MAX_LENGTH) {
    throw new Error(
      `The Content-Security-Policy is ${csp.length} characters (CloudFront allows ${CSP_MAX_LENGTH}): ` +
        `the build has ${scriptHashes.length} distinct inline scripts in ${builtSite}. Make the inline scripts the same on every page ` +
        `(move per-page data out of executable scripts) so a few hashes cover them.`,
    );
  }
  return csp;
}

export function responseHeadersPolicyProps(
  headers: Record<string, string>,
  csp: () => string,
): ResponseHeadersPolicyProps {
  const rest = { ...headers };
  const take = (name: string): string | undefined => {
    const value = rest[name];
    delete rest[name];
    return value;
  };
  const securityHeadersBehavior: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  if (take("content-security-policy") !== undefined) {
    securityHeadersBehavior.contentSecurityPolicy = {
      contentSecurityPolicy: Lazy.string({ produce: csp }),
      override: true,
    };
  }
  const hsts = take("strict-transport-security");
  if (hsts) {
    const maxAge = /max-age=(\d+)/i.exec(hsts)?.[1];
    if (!maxAge) throw new Error(`Strict-Transport-Security without max-age: ${hsts}`);
    securityHeadersBehavior.strictTransportSecurity = {
      accessControlMaxAge: Duration.seconds(Number(maxAge)),
      includeSubdomains: /includeSubDomains/i.test(hsts),
      preload: /\bpreload\b/i.test(hsts),
      override: true,
    };
  }
  const contentTypeOptions = take("x-content-type-options");
  if (contentTypeOptions) {
    if (contentTypeOptions !== "nosniff")
      throw new Error(`CloudFront only sends X-Content-Type-Options: nosniff, not ${contentTypeOptions}`);
    securityHeadersBehavior.contentTypeOptions = { override: true };
  }
  const frameOptions = take("x-frame-options");
  if (frameOptions)
    securityHeadersBehavior.frameOptions = { frameOption: enumValue(HeadersFrameOption, frameOptions), override: true };
  const referrerPolicy = take("referrer-policy");
  if (referrerPolicy)
    securityHeadersBehavior.referrerPolicy = {
      referrerPolicy: enumValue(HeadersReferrerPolicy, referrerPolicy),
      override: true,
    };

  const customHeaders: ResponseCustomHeader[] = Object.entries(rest).map(([header, value]) => ({
    header,
    value,
    override: true,
  }));
  return {
    comment: "Security headers of packages/core/src/web/security-headers.ts",
    securityHeadersBehavior,
    ...(customHeaders.length > 0 ? { customHeadersBehavior: { customHeaders } } : {}),
  };
}

function enumValue<T extends Record<string, string>>(values: T, value: string): T[keyof T] {
  const found = Object.values(values).find((candidate) => candidate.toLowerCase() === value.toLowerCase());
  if (!found) throw new Error(`CloudFront has no setting for the header value "${value}"`);
  return found as T[keyof T];
}
