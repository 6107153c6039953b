// Review 36 (d_63): review 34's r_38 (each turn of an scf.for rolls @g0 back, reads it, writes
// it) beside an scf.parallel whose body calls a function that touches no global. An op the
// op table does not know may run its regions any number of times: it no longer takes the
// function's paths away (event_flow.transfers). Refused.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @pure(%a: index) -> index {
    %b = arith.addi %a, %a : index
    util.return %b : index
  }
  util.func public @f1(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      util.global.store %v, @g0 : tensor<4xi32>
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      util.global.store %x, @g0 : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    scf.parallel (%p) = (%c0) to (%c1) step (%c1) {
      %q = util.call @pure(%p) : (index) -> index
      scf.reduce
    }
    util.return %r : tensor<4xi32>
  }
}
