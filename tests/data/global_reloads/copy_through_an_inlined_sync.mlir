// f() calls a private sync() (inlined) that copies @cur into @snap, updates @cur, and reads
// @snap. After inlining the copy and the read share a block and IREE 3.13 forwards the copy:
// right. The check merges an inlined callee's entry block into the call's and builds it
// (global_order._inlined_block; review 7, p50).
// CALLS: f:[77];f:[88];f:[99]
// EXPECT: f=1 2 3 4; f=1 77 3 4; f=1 88 3 4
// CALLS: f:[5];f:[5];f:[6]
// EXPECT: f=1 2 3 4; f=1 5 3 4; f=1 5 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @snap = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func private @sync() {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @snap : tensor<4xi32>
    util.return
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    util.call @sync() : () -> ()
    %c = util.global.load @cur : tensor<4xi32>
    %u = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @cur : tensor<4xi32>
    %s = util.global.load @snap : tensor<4xi32>
    util.return %s : tensor<4xi32>
  }
}
