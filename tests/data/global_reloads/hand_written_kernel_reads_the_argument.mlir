// A hand-written kernel, as IREE's samples/custom_dispatch write them: its bindings are memrefs,
// which say nothing of what it does through them. IREE binds them as the dispatch says: the
// argument read-only (no result is tied to it), the result fresh. The caller's %x is read again
// after the dispatch; nothing writes it, and the tool builds what iree-compile builds.
stream.executable private @executable {
  stream.executable.export public @twice workgroups(%n: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @twice(%in: !stream.binding, %n: index, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = stream.binding.subspan %in[%c0] : !stream.binding -> memref<?xf32>{%n}
      %b = stream.binding.subspan %out[%c0] : !stream.binding -> memref<?xf32>{%n}
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %a[%i] : memref<?xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %b[%i] : memref<?xf32>
      }
      return
    }
  }
}
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %y = flow.dispatch @executable::@twice[%n](%x, %n) : (tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
  %z = arith.addf %y, %x : tensor<?xf32>
  return %z : tensor<?xf32>
}
