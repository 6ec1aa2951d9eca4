import { describe, expect, it } from "vitest";
import { describeDifferences, normaliseTemplate, type Template } from "./infra-snapshot.ts";

const HASH = "14311064e38ebbdb2627959d5a978cb81119dcf402fb4808d4030412a6bd319d";

function template(overrides: Record<string, unknown> = {}): Template {
  return {
    Resources: {
      Fn: {
        Type: "AWS::Lambda::Function",
        Properties: {
          Code: { S3Bucket: "cdk-hnb659fds-assets-123456789012-eu-west-1", S3Key: `${HASH}.zip` },
          Runtime: "nodejs22.x",
          MemorySize: 512,
        },
        DependsOn: ["RolePolicy", "Role"],
        Metadata: { cdk_nag: { rules_to_suppress: [{ id: "AwsSolutions-L1", reason: "..." }] } },
      },
      Read: { Type: "Custom::AWS", Properties: { DeployedAt: "2026-11-28T10:00:00.000Z" } },
      ...overrides,
    },
    Outputs: { SSTMetadata: { Value: { "Fn::Join": ["", ["{}"]] } } },
  };
}

describe("the infrastructure snapshot's normal form", () => {
  it("replaces what differs between two synthesises of the same code, and keeps the rest", () => {
    const normalised = normaliseTemplate(template());
    expect(normalised.Resources.Fn).toEqual({
      Type: "AWS::Lambda::Function",
      Properties: {
        Code: { S3Bucket: "cdk-hnb659fds-assets-123456789012-eu-west-1", S3Key: "<asset hash>.zip" },
        Runtime: "nodejs22.x",
        MemorySize: 512,
      },
      DependsOn: ["Role", "RolePolicy"],
    });
    expect(normalised.Resources.Read.Properties.DeployedAt).toBe("<deployment time>");
    expect(normalised.Outputs.SSTMetadata).toEqual({ Value: "<SST metadata>" });
    // The same code bundled again: nothing to see.
    const rebuilt = template();
    rebuilt.Resources.Fn.Properties.Code.S3Key = `${"f".repeat(64)}.zip`;
    rebuilt.Resources.Fn.DependsOn = ["Role", "RolePolicy"];
    expect(describeDifferences({ Api: normalised }, { Api: normaliseTemplate(rebuilt) })).toBe("");
  });

  it("describes a change by stack, resource and property, as cdk diff does", () => {
    const before = { Api: normaliseTemplate(template()) };
    const changed = template({ Queue: { Type: "AWS::SQS::Queue", Properties: {} } });
    changed.Resources.Fn.Properties.MemorySize = 1024;
    delete changed.Resources.Read;
    const text = describeDifferences(before, { Api: normaliseTemplate(changed), Alarms: { Resources: {} } });
    expect(text).toContain("Stack Alarms (new stack)");
    expect(text).toContain("Stack Api\n");
    expect(text).toMatch(/\[\+\] AWS::SQS::Queue Queue/);
    expect(text).toMatch(/\[-\] Custom::AWS Read/);
    expect(text).toMatch(
      /\[~\] AWS::Lambda::Function Fn\n[^\n]*\[~\] MemorySize[^\n]*\n[^\n]*\[-\] 512\n[^\n]*\[\+\] 1024/,
    );
    // Plain text for tests and logs: no terminal colours.
    expect(text).not.toContain("\u001b[");
  });
});
