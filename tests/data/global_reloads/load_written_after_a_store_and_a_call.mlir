// f() loads @g, stores a fill of 50 + step to @g, calls a function kept out of line (it stores
// @sink, which getsink() reads), then stores the load with its first two elements set to 7.
// get() must then read [7 7 1 1] after every call. IREE 3.13's schedule moves the first store
// below the last, and the cleanup after it drops the last as overwritten: @g keeps the 50s
// (review 20, t05; with @sink never read, IREE keeps the order). No repair is known for a
// reorder of a global's accesses: the tool refuses and names the store dropped.
module {
  util.global private mutable @g = dense<1> : tensor<4xi32>
  util.global private mutable @sink = dense<0> : tensor<4xi32>
  util.func private @touch(%x: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    util.global.store %x, @sink : tensor<4xi32>
    util.return
  }
  util.func private @setg(%x: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    util.global.store %x, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %l = util.global.load @g : tensor<4xi32>
    util.return %l : tensor<4xi32>
  }
  util.func public @getsink() -> tensor<4xi32> {
    %l = util.global.load @sink : tensor<4xi32>
    util.return %l : tensor<4xi32>
  }
  util.func public @f(%step: index) {
    %c1 = arith.constant 1 : index
    %cond = arith.cmpi ult, %step, %c1 : index
    %si = arith.index_cast %step : index to i32
    %c50 = arith.constant 50 : i32
    %v = arith.addi %si, %c50 : i32
    %xe = tensor.empty() : tensor<4xi32>
    %x = linalg.fill ins(%v : i32) outs(%xe : tensor<4xi32>) -> tensor<4xi32>
    %cst = arith.constant dense<7> : tensor<2xi32>
    %l = util.global.load @g : tensor<4xi32>
    util.global.store %x, @g : tensor<4xi32>
    util.call @touch(%x) : (tensor<4xi32>) -> ()
    %w = tensor.insert_slice %cst into %l[0] [2] [1] : tensor<2xi32> into tensor<4xi32>
    util.global.store %w, @g : tensor<4xi32>
    util.return
  }
}
