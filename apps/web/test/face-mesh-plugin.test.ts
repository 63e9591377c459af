import { describe, expect, it } from 'vitest';
import { FACE_MESH_BASE, faceMeshFiles, patchEmbind } from '../face-mesh-plugin';

describe('face mesh files served by the app', () => {
  const files = faceMeshFiles();

  it('ships the script, both runtimes, the graph and the packed models under a versioned path', () => {
    expect(FACE_MESH_BASE).toMatch(/^\/assets\/face-mesh-\d+\.\d+\.\d+\/$/);
    expect([...files.keys()].sort()).toEqual([
      'face_mesh.binarypb',
      'face_mesh.js',
      'face_mesh_solution_packed_assets.data',
      'face_mesh_solution_packed_assets_loader.js',
      'face_mesh_solution_simd_wasm_bin.js',
      'face_mesh_solution_simd_wasm_bin.wasm',
      'face_mesh_solution_wasm_bin.js',
      'face_mesh_solution_wasm_bin.wasm',
    ]);
  });

  it.each(['face_mesh_solution_simd_wasm_bin.js', 'face_mesh_solution_wasm_bin.js'])(
    '%s builds no code from strings once patched (the CSP has no unsafe-eval)',
    (name) => {
      const text = files.get(name)!.toString('utf8');
      expect(text).not.toMatch(/new Function|new_\(Function|\beval\(/);
      expect(text).toContain('function craftInvokerFunction(');
      expect(text).toContain('function createNamedFunction(');
      expect(text).toContain('function __emval_get_method_caller(');
    },
  );

  it('refuses glue it does not know rather than ship it unpatched', () => {
    expect(() => patchEmbind('function createNamedFunction(name,body){new Function()}')).toThrow(
      /found 0×/,
    );
  });
});
