/**
 * The project's import graph, read with the TypeScript compiler (no type checking: parsing and module resolution
 * only, about a second). Shared by the checks that look at the whole program rather than one file, which ESLint
 * cannot: what reaches the browser (browser-imports.ts) and which exports nobody imports (unused-exports.ts).
 */
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** One import or re-export statement, or one `import("…")`. */
export interface ImportEdge {
  /** Repository-relative path of the importing file. */
  from: string;
  /** Repository-relative path of the imported file, or the package specifier as written ("drizzle-orm/pg-core"). */
  to: string;
  /** Only types: erased before the code runs, so it carries nothing to the browser. */
  typeOnly: boolean;
  /** The exported names taken, "default" included; "*" when the whole module is (namespace, `export *`, `import()`). */
  names: string[];
  /** Local bindings the statement creates with the exported name each stands for (for following uses in a file). */
  locals: Map<string, string>;
  /** A re-export (`export … from`): the names pass through this file to its importers. */
  reExport: boolean;
  /** Where the statement is, for following which code uses it. */
  node: ts.Node;
}

export interface SourceModule {
  file: string;
  source: ts.SourceFile;
  imports: ImportEdge[];
  /** Names this file exports, with the node that declares each (for line numbers). */
  exports: Map<string, ts.Node>;
  /** The exported names that are only types (interfaces, type aliases, `export type { … }`). */
  typeExports: Set<string>;
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function loadOptions(): { options: ts.CompilerOptions; fileNames: string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  const fileNames = parsed.fileNames
    .map(relative)
    .filter((f) => !f.startsWith("node_modules/") && !f.startsWith(".react-router/") && !f.startsWith("build"));
  return { options: parsed.options, fileNames };
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

function declaredNames(statement: ts.Statement): ts.Identifier[] {
  if (ts.isVariableStatement(statement)) {
    const names: ts.Identifier[] = [];
    const walk = (name: ts.BindingName) => {
      if (ts.isIdentifier(name)) names.push(name);
      else for (const element of name.elements) if (!ts.isOmittedExpression(element)) walk(element.name);
    };
    for (const declaration of statement.declarationList.declarations) walk(declaration.name);
    return names;
  }
  const named = statement as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name] : [];
}

export function loadModuleGraph(): Map<string, SourceModule> {
  const { options, fileNames } = loadOptions();
  const host = ts.createCompilerHost(options);
  const modules = new Map<string, SourceModule>();
  const resolve: Resolve = (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, path.join(ROOT, from), options, host).resolvedModule;
    return resolved && !resolved.isExternalLibraryImport ? relative(resolved.resolvedFileName) : specifier;
  };
  for (const file of fileNames) {
    const text = ts.sys.readFile(path.join(ROOT, file)) ?? "";
    modules.set(file, readModule(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true), resolve));
  }
  return modules;
}

/** A specifier as the file it names (relative to the root), or as written for a package. */
type Resolve = (specifier: string, from: string) => string;

/** One module's import edges and exports: its top-level statements, then every import() in it. */
function readModule(file: string, source: ts.SourceFile, resolve: Resolve): SourceModule {
  const imports: ImportEdge[] = [];
  const exports = new Map<string, ts.Node>();
  const typeExports = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      imports.push(importEdge(statement, statement.moduleSpecifier, file, resolve));
    } else if (ts.isExportDeclaration(statement)) {
      const reExport = readExportDeclaration(statement, file, resolve, exports, typeExports);
      if (reExport) imports.push(reExport);
    } else if (ts.isExportAssignment(statement)) {
      exports.set("default", statement);
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) exports.set("default", statement);
      else
        for (const name of declaredNames(statement)) {
          exports.set(name.text, name);
          if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) typeExports.add(name.text);
        }
    }
  }
  imports.push(...expressionImports(source, file, resolve));
  return { file, source, imports, exports, typeExports };
}

/** An import statement: the names it takes, the local names it binds them to, and whether it is erased (types only). */
function importEdge(statement: ts.ImportDeclaration, specifier: ts.StringLiteral, file: string, resolve: Resolve): ImportEdge {
  const clause = statement.importClause;
  const locals = new Map<string, string>();
  const names: string[] = [];
  let typeOnly = clause?.isTypeOnly ?? false;
  if (clause?.name) {
    locals.set(clause.name.text, "default");
    names.push("default");
  }
  const bindings = clause?.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    locals.set(bindings.name.text, "*");
    names.push("*");
  } else if (bindings) {
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text;
      names.push(name);
      if (!typeOnly && !element.isTypeOnly) locals.set(element.name.text, name);
    }
    // `import { type A, type B }` erases the whole statement, like `import type`.
    if (!clause?.name && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)) typeOnly = true;
  }
  // `import "./x.css"` runs the module: it counts as taking all of it.
  if (!clause) names.push("*");
  return { from: file, to: resolve(specifier.text, file), typeOnly, names, locals, reExport: false, node: statement };
}

/** An `export { … }` or `export * as x`: its names go into `exports`; with a `from`, it is also an edge (returned). */
function readExportDeclaration(
  statement: ts.ExportDeclaration,
  file: string,
  resolve: Resolve,
  exports: Map<string, ts.Node>,
  typeExports: Set<string>,
): ImportEdge | null {
  const clause = statement.exportClause;
  if (clause && ts.isNamedExports(clause)) {
    for (const element of clause.elements) {
      exports.set(element.name.text, element);
      if (statement.isTypeOnly || element.isTypeOnly) typeExports.add(element.name.text);
    }
  } else if (clause) exports.set(clause.name.text, clause);
  if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) return null;
  const names = clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : ["*"];
  const typeOnly = statement.isTypeOnly || (!!clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
  return {
    from: file,
    to: resolve(statement.moduleSpecifier.text, file),
    typeOnly,
    names,
    locals: new Map(),
    reExport: true,
    node: statement,
  };
}

/** Imports written as expressions anywhere in the file: `import("./x")` and `typeof import("./x")`. */
function expressionImports(source: ts.SourceFile, file: string, resolve: Resolve): ImportEdge[] {
  const imports: ImportEdge[] = [];
  const visit = (node: ts.Node) => {
    // `import("./x")` (lazy dialogs, scripts): takes the whole module.
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      imports.push({
        from: file,
        to: resolve(node.arguments[0].text, file),
        typeOnly: false,
        names: ["*"],
        locals: new Map(),
        reExport: false,
        node,
      });
    }
    // `typeof import("./x")` in a type is an import of types only.
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const name = node.qualifier ? (ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText()) : "*";
      imports.push({
        from: file,
        to: resolve(node.argument.literal.text, file),
        typeOnly: true,
        names: [name],
        locals: new Map(),
        reExport: false,
        node,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

/** `file:line` for a message. */
export function where(module: SourceModule, node: ts.Node): string {
  const { line } = module.source.getLineAndCharacterOfPosition(node.getStart(module.source));
  return `${module.file}:${line + 1}`;
}
