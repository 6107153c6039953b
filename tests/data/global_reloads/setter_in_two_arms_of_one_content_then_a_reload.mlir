// A row inserted into @g's load and handed to a setter in both arms of a cf.cond_br on a
// run-time flag, then a for loop that reloads @g. MLIR merges the arms; IREE moves the setter's
// store below the loop, and its reload reads the load's buffer, which the insert updated in
// place: stock's answer is right by that accident. The check did not compare the store (in an
// arm), found the reload unordered with the in-place insert, and repaired the insert with a
// fresh copy: the tool's build returned the old row (review 26, a wrong build of a program
// stock builds right). The store in the arm is now ordered before the reload by their blocks,
// IREE's reorder is shown, and the compile refuses, as it does the straight-line form.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @set(%x: tensor<4xi32>) {
    util.global.store %x, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%k: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    %z = arith.constant 0 : i32
    %t = arith.cmpi eq, %k, %z : i32
    cf.cond_br %t, ^e, ^t
  ^t:
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.call @set(%n) : (tensor<4xi32>) -> ()
    cf.br ^j
  ^e:
    %n2 = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.call @set(%n2) : (tensor<4xi32>) -> ()
    cf.br ^j
  ^j:
    %zero = arith.constant dense<0> : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %w = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (tensor<4xi32>) {
      %r = util.global.load @g : tensor<4xi32>
      scf.yield %r : tensor<4xi32>
    }
    util.return %w : tensor<4xi32>
  }
}
