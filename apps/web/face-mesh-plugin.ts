// Serves @mediapipe/face_mesh (its script, wasm and model files) from the app itself, under a
// versioned folder of /assets/ (cached for a year like every hashed asset), for the camera and
// landmark test pages. Nothing is fetched from another host at run time.
//
// The package's Emscripten glue builds its embind wrappers with `new Function`, which the app's
// Content-Security-Policy refuses (no 'unsafe-eval', ever). patchEmbind swaps those three
// builders for closures that do the same work, so the model runs with 'wasm-unsafe-eval' only.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const pkgDir = path.dirname(
  createRequire(import.meta.url).resolve('@mediapipe/face_mesh/package.json'),
);
const version: string = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;

/** Where the files are served: the web app's loader reads it as __FACE_MESH_BASE__. */
export const FACE_MESH_BASE = `/assets/face-mesh-${version}/`;

/** The files the solution loads (the 0-byte `*_wasm_bin.data` files are never requested). */
const SHIPPED = /\.(js|wasm|binarypb)$|_packed_assets\.data$/;

// Replacements written after later Emscripten releases' DYNAMIC_EXECUTION=0 builders.
const CREATE_NAMED_FUNCTION = `function createNamedFunction(name,body){name=makeLegalFunctionName(name);return{[name]:function(){"use strict";return body.apply(this,arguments)}}[name]}`;

const CRAFT_INVOKER_FUNCTION = `function craftInvokerFunction(humanName,argTypes,classType,cppInvokerFunc,cppTargetFunc){var argCount=argTypes.length;if(argCount<2){throwBindingError("argTypes array size mismatch! Must at least get return value and 'this' types!")}var isClassMethodFunc=argTypes[1]!==null&&classType!==null;var needsDestructorStack=false;for(var i=1;i<argTypes.length;++i){if(argTypes[i]!==null&&argTypes[i].destructorFunction===undefined){needsDestructorStack=true;break}}var returns=argTypes[0].name!=="void";var expected=argCount-2;var first=isClassMethodFunc?2:1;return createNamedFunction(humanName,function(){if(arguments.length!==expected){throwBindingError("function "+humanName+" called with "+arguments.length+" arguments, expected "+expected+" args!")}var destructors=needsDestructorStack?[]:null;var wired=[cppTargetFunc];if(isClassMethodFunc){wired.push(argTypes[1].toWireType(destructors,this))}for(var i=0;i<expected;++i){wired.push(argTypes[i+2].toWireType(destructors,arguments[i]))}var rv=cppInvokerFunc.apply(null,wired);if(needsDestructorStack){runDestructors(destructors)}else{for(var i=isClassMethodFunc?1:2;i<argTypes.length;++i){if(argTypes[i].destructorFunction!==null){argTypes[i].destructorFunction(i===1?wired[1]:wired[first+i-2])}}}if(returns){return argTypes[0].fromWireType(rv)}})}`;

const EMVAL_GET_METHOD_CALLER = `function __emval_get_method_caller(argCount,argTypes){var types=__emval_lookupTypes(argCount,argTypes);var retType=types[0];var invokerFunction=function(handle,name,destructors,args){var values=[];var offset=0;for(var i=0;i<argCount-1;++i){values.push(types[i+1].readValueFromPointer(args+offset));offset+=types[i+1]["argPackAdvance"]}var rv=handle[name].apply(handle,values);for(var i=0;i<argCount-1;++i){if(types[i+1]["deleteObject"]){types[i+1].deleteObject(values[i])}}if(!retType.isVoid){return retType.toWireType(destructors,rv)}};return __emval_addMethodCaller(invokerFunction)}`;

/** Each builder, up to the declaration that follows it in this version of the glue. */
const PATCHES: [RegExp, string][] = [
  [
    /function createNamedFunction\(name,body\)\{[\s\S]*?(?=var emval_free_list)/g,
    CREATE_NAMED_FUNCTION,
  ],
  [
    /function craftInvokerFunction\([\s\S]*?(?=function heap32VectorToArray\()/g,
    CRAFT_INVOKER_FUNCTION,
  ],
  [
    /function __emval_get_method_caller\([\s\S]*?(?=function __emval_incref\()/g,
    EMVAL_GET_METHOD_CALLER,
  ],
];

/** The glue without dynamic code: throws if this version's glue is not the one it knows. */
export function patchEmbind(source: string): string {
  let out = source;
  for (const [pattern, replacement] of PATCHES) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`face-mesh: ${pattern.source.slice(0, 40)}… found ${found}×`);
    out = out.replace(pattern, () => replacement);
  }
  if (/new Function|new_\(Function|\beval\(/.test(out))
    throw new Error('face-mesh: the glue still builds code from strings');
  return out;
}

/** The files served, by name, with the glue patched. */
export function faceMeshFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(pkgDir).filter((f) => SHIPPED.test(f))) {
    const data = readFileSync(path.join(pkgDir, name));
    files.set(
      name,
      /_wasm_bin\.js$/.test(name) ? Buffer.from(patchEmbind(data.toString('utf8'))) : data,
    );
  }
  return files;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

export function faceMeshAssets(): Plugin {
  let files: Map<string, Buffer> | undefined;
  const load = () => (files ??= faceMeshFiles());
  return {
    name: 'earshot-face-mesh-assets',
    config: () => ({ define: { __FACE_MESH_BASE__: JSON.stringify(FACE_MESH_BASE) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(FACE_MESH_BASE)) return next();
        const data = load().get(url.slice(FACE_MESH_BASE.length));
        if (!data) return next();
        res.setHeader('content-type', TYPES[path.extname(url)] ?? 'application/octet-stream');
        res.end(data);
      });
    },
    generateBundle() {
      // The page-shell (SSR) build needs only the define.
      if (this.environment.config.consumer === 'server') return;
      for (const [name, source] of load())
        this.emitFile({ type: 'asset', fileName: `${FACE_MESH_BASE.slice(1)}${name}`, source });
    },
  };
}
