import type { PreparedRequest } from './request-draft';

export type SnippetLanguage = 'curl' | 'node' | 'python';

/** The environment variable every snippet reads the key from: never the session's token, never a real key. */
export const API_KEY_VARIABLE = 'BIZDASH_API_KEY';

/** The full address: the document's server (its configured public URL) and the path with its query. */
function requestUrl(serverUrl: string, request: PreparedRequest): string {
  const base = serverUrl.replace(/\/+$/, '');
  const search = new URLSearchParams(request.query).toString();
  return `${base}${request.path}${search ? `?${search}` : ''}`;
}

/** A single-quoted shell word: nothing inside is expanded. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const jsonText = (value: unknown, indent = 2) => JSON.stringify(value, null, indent);

function curl(url: string, request: PreparedRequest, signedIn: boolean): string {
  const lines = [`curl ${request.method === 'GET' ? '' : `-X ${request.method} `}${shellQuote(url)}`];
  if (signedIn) lines.push(`-H "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  const body = request.body;
  if (body?.kind === 'json') {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(body.value))}`);
  } else if (body?.kind === 'multipart') {
    for (const [name, value] of body.parts) {
      lines.push(
        `-F ${shellQuote(typeof value === 'string' ? `${name}=${value}` : `${name}=@${value.name}`)}`,
      );
    }
  }
  return lines.join(' \\\n  ');
}

/** A JavaScript string literal. */
const jsString = (text: string) =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

function node(url: string, request: PreparedRequest, signedIn: boolean): string {
  const headers = signedIn ? [`    Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`] : [];
  for (const [name, value] of request.headers) headers.push(`    ${jsKey(name)}: ${jsString(value)},`);
  const body = request.body;
  const lines: string[] = [];
  if (body?.kind === 'multipart') {
    lines.push(`import { openAsBlob } from 'node:fs';`, '', 'const form = new FormData();');
    for (const [name, value] of body.parts) {
      lines.push(
        typeof value === 'string'
          ? `form.append(${jsString(name)}, ${jsString(value)});`
          : `form.append(${jsString(name)}, await openAsBlob(${jsString(value.name)}), ${jsString(value.name)});`,
      );
    }
    lines.push('');
  }
  if (body?.kind === 'json') headers.push(`    'Content-Type': 'application/json',`);
  const options: string[] = [];
  if (request.method !== 'GET') options.push(`  method: ${jsString(request.method)},`);
  if (headers.length > 0) options.push('  headers: {', ...headers, '  },');
  if (body?.kind === 'json') {
    options.push(`  body: JSON.stringify(${jsonText(body.value).replace(/\n/g, '\n  ')}),`);
  } else if (body?.kind === 'multipart') options.push('  body: form,');
  if (options.length === 0) lines.push(`const response = await fetch(${jsString(url)});`);
  else lines.push(`const response = await fetch(${jsString(url)}, {`, ...options, '});');
  lines.push('console.log(response.status, await response.text());');
  return lines.join('\n');
}

/** A Python literal of a JSON value (True, False, None; strings as JSON writes them, which Python reads). */
function python(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${python(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${python(item, inner)},`).join('\n')}\n${indent}}`;
}

function pythonRequests(url: string, request: PreparedRequest, signedIn: boolean): string {
  const headers: [string, string][] = signedIn
    ? [['Authorization', `"Bearer " + os.environ["${API_KEY_VARIABLE}"]`]]
    : [];
  for (const [name, value] of request.headers) headers.push([name, JSON.stringify(value)]);
  const args = [JSON.stringify(url)];
  if (headers.length > 0) {
    const lines = headers.map(([name, value]) => `        ${JSON.stringify(name)}: ${value},`);
    args.push(`headers={\n${lines.join('\n')}\n    }`);
  }
  const body = request.body;
  if (body?.kind === 'json') args.push(`json=${python(body.value, '    ')}`);
  if (body?.kind === 'multipart') {
    const data = body.parts.filter((part): part is [string, string] => typeof part[1] === 'string');
    const files = body.parts.filter((part): part is [string, File] => typeof part[1] !== 'string');
    if (data.length > 0) args.push(`data=${python(Object.fromEntries(data), '    ')}`);
    if (files.length > 0) {
      const opened = files.map(
        ([name, file]) => `(${JSON.stringify(name)}, open(${JSON.stringify(file.name)}, "rb"))`,
      );
      args.push(`files=[${opened.join(', ')}]`);
    }
  }
  return [
    ...(signedIn ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(\n${args.map((arg) => `    ${arg},`).join('\n')}\n)`,
    'print(response.status_code, response.text)',
  ].join('\n');
}

/**
 * The request as code to run outside the browser, authenticated (unless the operation is public) with the key in
 * `$BIZDASH_API_KEY`.
 */
export function snippetFor(
  language: SnippetLanguage,
  { serverUrl, request, signedIn }: { serverUrl: string; request: PreparedRequest; signedIn: boolean },
): string {
  const url = requestUrl(serverUrl, request);
  if (language === 'curl') return curl(url, request, signedIn);
  if (language === 'node') return node(url, request, signedIn);
  return pythonRequests(url, request, signedIn);
}
