import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets tests and benchmarks build beside a running development copy.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
