// A trial update read by a kept getter, then a cf branch: one arm rolls @g back (IREE 3.13
// erases that store), the other reads @g; the join stores a final value. The sibling arm's
// read never runs after the roll-back, and the final store overwrites what the erasure left on
// every path: the check builds it (global_folds._RollBack.read_after: the next access of @g after the
// roll-back is one its block reaches; review 31, c2/a13: refused while the walk's order put
// the sibling between).
// CALLS: f:[77],1;get;f:[88],0;get
// EXPECT: f=0; get=1 77 3 77; f=88; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %flag: i1) -> i32 {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    %c1 = arith.constant 1 : index
    %none = arith.constant 0 : i32
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    cf.cond_br %flag, ^back, ^read
  ^read:
    %now = util.global.load @g : tensor<4xi32>
    %el = tensor.extract %now[%c1] : tensor<4xi32>
    cf.br ^join(%el : i32)
  ^back:
    util.global.store %old, @g : tensor<4xi32>
    cf.br ^join(%none : i32)
  ^join(%out: i32):
    util.global.store %fin, @g : tensor<4xi32>
    util.return %out : i32
  }
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
