// Review 17: @choose stores to @h an scf.if of a clone of @g's load or @h's load. IREE drops the clone and
// folds the branch into arith.select of the two globals' buffers before the splice, and stores it to @h: from
// then on @h may hold @g's buffer, and @updg's write of @g shows in @h. The shared-globals repair follows the
// select to both buffers and gives @h its own copy (stream_model/model/storage.py, _choices).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @h = dense<[10, 20, 30, 40]> : tensor<4xi32>
  util.func public @choose(%c: i1) {
    %a = util.global.load @g : tensor<4xi32>
    %b = util.global.load @h : tensor<4xi32>
    %s = scf.if %c -> tensor<4xi32> {
      %k = flow.tensor.clone %a : tensor<4xi32>
      scf.yield %k : tensor<4xi32>
    } else {
      scf.yield %b : tensor<4xi32>
    }
    util.global.store %s, @h : tensor<4xi32>
    util.return
  }
  util.func public @updg(%row: tensor<1xi32>) {
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @g : tensor<4xi32>
    util.return
  }
  util.func public @updh(%row: tensor<1xi32>) {
    %a = util.global.load @h : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @h : tensor<4xi32>
    util.return
  }
  util.func public @getg() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @geth() -> tensor<4xi32> {
    %v = util.global.load @h : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
