import { File as NodeFile } from 'node:buffer';

/*
 * jsdom replaces the global Blob, File and FormData with its own, while fetch (and so the mock server) stays
 * Node's. Up to Node 22 Node's fetch (undici 6) told files apart by their shape. Node 24's (undici 7) takes File
 * from the global and checks every part of a form is its own: a jsdom File in an upload went out as an empty part
 * named "blob", and a handler's `request.formData()` threw (vitest-dev/vitest#9135). So uploads are made of Node's
 * File and FormData, as fetch expects. Blob stays jsdom's, which its FileReader (user-event's clipboard) reads;
 * it gets the text() and arrayBuffer() a browser's Blob has, since `response.blob()` returns one on Node 24.
 */
const JsdomFormData = globalThis.FormData;
const NodeFormData = (
  await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
).constructor as typeof FormData;

/** Node's FormData, which also takes a form (React's form actions build one from the submitted form). */
class FormDataOfNode extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const [name, value] of new JsdomFormData(form, submitter)) this.append(name, value);
  }
}

globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = FormDataOfNode;

function readWithFileReader<T>(read: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    read(reader);
  });
}

Blob.prototype.text ??= function text(this: Blob) {
  return readWithFileReader<string>((reader) => reader.readAsText(this));
};
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return readWithFileReader<ArrayBuffer>((reader) => reader.readAsArrayBuffer(this));
};
