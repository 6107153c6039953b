// A function hands @g's own load to a never-inlined setter, then stores the load back: the
// setter stores the value @g holds, so the store back is one of what @g holds, and IREE 3.13
// erases it rightly. The check reads the kept setter's store of its argument as the load the
// call passes, so the call is no write between (review 21's p17: refused before).
// CALLS: get;f;get;f;get
// EXPECT: get=1 2 3 4; f; get=1 2 3 4; f; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @set(%x: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    util.global.store %x, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f() {
    %l = util.global.load @g : tensor<4xi32>
    util.call @set(%l) : (tensor<4xi32>) -> ()
    util.global.store %l, @g : tensor<4xi32>
    util.return
  }
}
