// @ts-check
import tseslint from "typescript-eslint";

/** Import direction of DESIGN.md: routes -> features -> lib; base domains (catalog, access) use no other feature. */
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "bench/.data/", "playwright-report/", "test-results/"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/lib/**"],
    rules: restrict([
      {
        group: ["~/features/**", "~/routes/**", "../features/**", "../routes/**"],
        message: "lib is infrastructure: it imports no feature or route.",
      },
    ]),
  },
  {
    files: ["app/features/**"],
    rules: restrict([{ group: ["~/routes/**", "../../routes/**"], message: "Features never import routes." }]),
  },
  {
    files: ["app/features/catalog/**", "app/features/access/**"],
    rules: restrict([
      {
        group: ["~/features/**", "!~/features/catalog/**", "!~/features/access/**"],
        message: "Base domains (catalog, access) import no other feature.",
      },
      { group: ["../*/**", "!../catalog/**", "!../access/**"], message: "Base domains (catalog, access) import no other feature." },
    ]),
  },
  {
    files: ["app/routes/**"],
    ignores: ["app/routes/**/*.test.ts"],
    rules: restrict([
      { regex: "^(\\./(?!\\+types/)|~/routes/)", message: "No route imports another route: move shared code into a feature." },
    ]),
  },
);
