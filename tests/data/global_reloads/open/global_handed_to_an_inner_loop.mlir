// Open (review 8, p49): p45 with a mutable global's load as the inner loop's starting value:
// IREE 3.13 writes the global's own buffer in place, and the damage outlives the call. Stock and
// the tool compute it wrong alike.
// CALLS: f:2,1,10;f:3,1,0;get;set:[10 20 30 40];f:2,2,10;get
// EXPECT: f=11 13 6 8; f=2 5 8 12; get=1 2 3 4; set; f=20 21 41 80; get=10 20 30 40
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n32: i32, %m32: i32, %v: i32) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %m = arith.index_cast %m32 : i32 to index
    %a = util.global.load @g : tensor<4xi32>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %i32 = arith.index_cast %i : index to i32
      %xv = arith.addi %v, %i32 : i32
      %r = scf.for %j = %c0 to %m step %c1 iter_args(%t = %a) -> tensor<4xi32> {
        %at = arith.addi %i, %j : index
        %u = tensor.insert %xv into %t[%at] : tensor<4xi32>
        scf.yield %u : tensor<4xi32>
      }
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %r : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.return %res : tensor<4xi32>
  }
  util.func public @set(%x: tensor<4xi32>) {
    util.global.store %x, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %x = util.global.load @g : tensor<4xi32>
    util.return %x : tensor<4xi32>
  }
}
