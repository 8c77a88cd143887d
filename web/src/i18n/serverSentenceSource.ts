import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The sentences the server sends people (error sentences, notification texts, import reasons),
 * read from its source for the tests that keep `contract/src/i18n/de/server.json` complete. A template literal
 * becomes a catalogue key with `{{name}}` for each `${…}`, named after the expression's last
 * word. Not read: texts for programs or operators (OpenAPI descriptions, logs, metrics, start-up
 * and command-line messages), texts that leave the site (webhook posts, calendar feeds, link
 * previews, share images) and the server's own translations of them (`*Texts.ts`, in every
 * language); see docs/behaviour.md (Languages).
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['server/src', 'contract/src'];

/** Folders and files whose texts are not for the client's people. */
const SKIPPED_PATHS = [
  /\/(testing|bench|deploy|metrics|db-transfer|migrations)\//,
  /\/webhooks\//,
  /\/stremio\//,
  /\/main\.ts$/,
  /\/(testing|fixtures|testProvider|static)\.ts$/,
  /\/config\.ts$/,
  /\/startProblem\.ts$/,
  /\/imdb\/import(Cli|er)\.ts$/,
  /\/calendar\w*\.ts$/,
  /\/linkPreview\w*\.ts$/,
  /\/shareImage\w*\.ts$/,
  /Texts\.ts$/,
];

/** Property names whose texts are for programs reading the API's description (and constants named like them). */
const SKIPPED_PROPERTIES = new Set(['description', 'summary', 'help', 'title', 'example', 'text']);
/** Calls whose text arguments are for logs, operators or other programs. */
const SKIPPED_CALLS = /^(console\.|.*\blog\.|.*\blogger\.|ConfigError$|StartProblem$|DatabaseUnavailable$|Error$|TransferError$|providerValue$|\w*Gauge$|\w*Counter$|\w*Histogram$|.*\.meta$|.*\.describe$)/;

/** Reads like a sentence for people: a capital first, a space, a stop at the end. */
const looksLikeSentence = (text: string) => /^([A-Z‘'“"]|\{\{)/.test(text) && text.includes(' ') && /[.?!]['’”"]?$|\.\)$/.test(text);

export interface ServerSentence {
  /** The catalogue key: the English, with `{{name}}` where the server fills something in. */
  key: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Namespaces whose functions' results are named after their argument (`Math.ceil(wait)` → wait). */
const GLOBALS = new Set(['Math', 'Number', 'String', 'JSON', 'Object']);

/**
 * A placeholder's name for an expression: what it names (`input.listName` → listName,
 * `LIMIT.toLocaleString('en')` → LIMIT, `formatBytes(size)` → size, `NAMES[kind]` → kind).
 */
function placeholderName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  if (ts.isElementAccessExpression(expression)) return placeholderName(expression.argumentExpression);
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression)) return placeholderName(expression.expression);
  if (ts.isBinaryExpression(expression)) return placeholderName(expression.left);
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    const method = ts.isPropertyAccessExpression(callee) && !(ts.isIdentifier(callee.expression) && GLOBALS.has(callee.expression.text));
    if (method) return placeholderName(callee.expression);
    return expression.arguments[0] ? placeholderName(expression.arguments[0]) : placeholderName(callee);
  }
  return 'value';
}

function templateKey(node: ts.TemplateExpression): string {
  const used = new Map<string, number>();
  let key = node.head.text;
  for (const span of node.templateSpans) {
    const name = placeholderName(span.expression);
    const seen = (used.get(name) ?? 0) + 1;
    used.set(name, seen);
    key += `{{${seen === 1 ? name : `${name}${seen}`}}}${span.literal.text}`;
  }
  return key;
}

/** Whether a text at `node` is for programs or operators (see SKIPPED_PROPERTIES and SKIPPED_CALLS). */
function skippedContext(node: ts.Node, source: ts.SourceFile): boolean {
  // A schema's `error` is for people even in a field named like a description (`text: z.string().max(…, { error })`).
  let schemaError = false;
  for (let child = node, parent = node.parent; parent && !ts.isSourceFile(parent); child = parent, parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && parent.name.getText(source) === 'error') schemaError = true;
    if (ts.isPropertyAssignment(parent) && !schemaError && SKIPPED_PROPERTIES.has(parent.name.getText(source))) return true;
    // An argument of the call, not a text inside what it is called on (`rule('…').meta({…})`).
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && child !== parent.expression && SKIPPED_CALLS.test(parent.expression.getText(source))) return true;
    if (ts.isVariableDeclaration(parent)) return /(SUMMARY|DESCRIPTION)$/.test(parent.name.getText(source));
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

export function serverSentences(): ServerSentence[] {
  const found = new Map<string, ServerSentence>();
  for (const root of ROOTS) {
    for (const file of sourceFiles(path.join(REPO, root))) {
      if (SKIPPED_PATHS.some((pattern) => pattern.test(file))) continue;
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const where = path.relative(REPO, file);
      const visit = (node: ts.Node): void => {
        let key: string | null = null;
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) key = node.text;
        else if (ts.isTemplateExpression(node)) key = templateKey(node);
        if (key !== null && looksLikeSentence(key) && !skippedContext(node, source) && !found.has(key)) found.set(key, { key, where });
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return [...found.values()];
}
