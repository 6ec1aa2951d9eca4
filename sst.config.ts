import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api.ts";
import { AdminApi } from "./stacks/AdminApi.ts";
import { StaffApi } from "./stacks/StaffApi.ts";
import { Database } from "./stacks/Database.ts";
import { Media } from "./stacks/Media.ts";
import { Alerts } from "./stacks/Alerts.ts";
import { Monitoring } from "./stacks/Monitoring.ts";
import { Web } from "./stacks/Web.ts";

export default {
  config() {
    return { name: "codcrm-site", region: process.env.AWS_REGION ?? "eu-west-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({ runtime: "nodejs22.x", architecture: "arm_64" });
    app
      .stack(Alerts)
      .stack(Database)
      .stack(Media)
      .stack(Api)
      .stack(AdminApi)
      .stack(StaffApi)
      .stack(Web)
      .stack(Monitoring);
  },
} satisfies SSTConfig;
