// Review 37 (b_10): the tensor campaign seeds' shape where the arm's work on its reload is a
// gather (a linalg.generic whose body indexes a table by what the reload holds). In the program
// the reload reads [0 1 2 3], in bounds; IREE moves the first store below the loop, so the arm
// gathers with @g0's initial value, 10^9, out of bounds: plain iree-compile's build crashes.
// Work that may fault on what it reads is no dead work: refused.
#map = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<1000000000> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1) {
    %v1 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
    %table = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %c {
      %v2 = util.global.load @g0 : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %v3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v2 : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%in: i32, %out: i32):
        %i = arith.index_cast %in : i32 to index
        %x = tensor.extract %table[%i] : tensor<4xi32>
        linalg.yield %x : i32
      } -> tensor<4xi32>
      util.global.store %v3, @g0 : tensor<4xi32>
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i2: index):
      util.global.store %v1, @g0 : tensor<4xi32>
      %n = arith.addi %i2, %c1 : index
      scf.yield %n : index
    }
    util.return
  }
}
