// f() loads @g, stores a fill of 50 + step to @g in an scf.if arm (step 0 only), then stores the
// load with its first two elements set to 7. get() must then read [7 7 1 1] after every call.
// IREE 3.13 writes the load's buffer in place and stores it back: its allocation makes that a
// store of @g's own load, which util.global.store's canonicalizer erases though the arm stored
// another buffer since the load; stock's get() reads the arm's 50s, and f(1) then writes 7s into
// them (review 20, t06c). The schedule check's store-erased rule gives the write a fresh copy.
module @m {
  util.global private mutable @g = dense<1> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %l = util.global.load @g : tensor<4xi32>
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
    scf.if %cond {
      util.global.store %x, @g : tensor<4xi32>
    }
    %w = tensor.insert_slice %cst into %l[0] [2] [1] : tensor<2xi32> into tensor<4xi32>
    util.global.store %w, @g : tensor<4xi32>
    util.return
  }
}
