import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { tracingEnabled, tracingSettingProblems } from "./tracing-settings.ts";

describe("tracing settings", () => {
  it("are off with nothing set, or with only a service name or a sampler: no collector was named", () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_SERVICE_NAME: "introbase", OTEL_TRACES_SAMPLER: "always_on" })).toBe(false);
  });

  it("are on once an OTLP endpoint or OTEL_TRACES_EXPORTER=otlp is set", () => {
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: "otlp" })).toBe(true);
  });

  it("are off again with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, whatever endpoint is set", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(tracingEnabled({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingEnabled({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });

  it("name each unusable value", () => {
    const problems = tracingSettingProblems({
      OTEL_TRACES_EXPORTER: "zipkin",
      OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318",
      OTEL_TRACES_SAMPLER: "sometimes",
      OTEL_TRACES_SAMPLER_ARG: "1.5",
    }).map(([setting]) => setting);
    expect(problems).toEqual(["OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_TRACES_SAMPLER", "OTEL_TRACES_SAMPLER_ARG"]);
    // The server sends OTLP/JSON: a collector expecting protobuf or gRPC from it would get nothing it can read.
    expect(tracingSettingProblems({ OTEL_TRACES_EXPORTER: "otlp", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toEqual([
      ["OTEL_EXPORTER_OTLP_PROTOCOL", expect.stringContaining("http/json")],
    ]);
    expect(
      tracingSettingProblems({
        OTEL_EXPORTER_OTLP_ENDPOINT: "https://collector:4318",
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.1",
      }),
    ).toEqual([]);
  });

  it("stop the start with one line naming the setting", () => {
    expect(() => parseEnv({ NODE_ENV: "production", OTEL_TRACES_EXPORTER: "console" })).toThrow(
      /^Invalid environment: OTEL_TRACES_EXPORTER: "console" is not supported/,
    );
  });
});
