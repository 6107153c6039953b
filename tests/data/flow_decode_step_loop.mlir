// A decode step written at the flow level, as a frontend that forms its own dispatch regions
// emits it: the step's row goes into the cache (flow.tensor.update), the prefix [0, step] is
// sliced out (flow.tensor.slice), and one dispatch region reduces it with an scf.for whose
// induction variable and iteration argument are block arguments of a custom-printed op. Those
// block arguments' locations are what a text handoff without them loses (IREE's codegen gives
// the loop's phi their location, which reaches the ELF's debug line table).
module @flow_decode_step_loop {
  util.global private mutable @k = dense<0.0> : tensor<64x16xf32>
  util.func public @step(%row: tensor<1x16xf32>, %step_i: i64) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %step = arith.index_cast %step_i : i64 to index
    %len = arith.addi %step, %c1 : index
    %k = util.global.load @k : tensor<64x16xf32>
    %k2 = flow.tensor.update %row, %k[%step, %c0] : tensor<1x16xf32> -> %k as tensor<64x16xf32>
    %ks = flow.tensor.slice %k2[%c0, %c0 for %len, %c16] : tensor<64x16xf32> -> tensor<?x16xf32>{%len}
    %sum = flow.dispatch.region -> (tensor<16xf32>) {
      %zero = arith.constant 0.0 : f32
      %acc = scf.for %i = %c0 to %len step %c1 iter_args(%a = %zero) -> (f32) {
        %r = tensor.extract %ks[%i, %c0] : tensor<?x16xf32>
        %s = arith.addf %a, %r : f32
        scf.yield %s : f32
      }
      %e = tensor.empty() : tensor<16xf32>
      %out = linalg.fill ins(%acc : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
      flow.return %out : tensor<16xf32>
    }
    util.global.store %k2, @k : tensor<64x16xf32>
    util.return %sum : tensor<16xf32>
  }
}
