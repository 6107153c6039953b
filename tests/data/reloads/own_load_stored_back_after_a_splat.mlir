// f() loads @g, stores a splat of 9 to @g, calls @touch (which stores @sink), then stores the
// load back: get() must then read @g as it was (1 1 1 1). IREE 3.13's canonicalizer erases the
// store-back as a store of @g's own load, though the 9s were stored between: stock's get()
// reads 9s (review 20, m07). The schedule check's global order takes such a store as no idle
// one, and the tool refuses (the function's last write of @g is gone).
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.global private mutable @g : !stream.resource<variable>
  util.global private mutable @sink : !stream.resource<variable>
  util.initializer {
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<variable>{%c16}
    %s2 = stream.async.splat %c1_i32 : i32 -> !stream.resource<variable>{%c16}
    util.global.store %s, @g : !stream.resource<variable>
    util.global.store %s2, @sink : !stream.resource<variable>
    util.return
  }
  util.func private @touch() {
    %c16 = arith.constant 16 : index
    %c5_i32 = arith.constant 5 : i32
    %s = stream.async.splat %c5_i32 : i32 -> !stream.resource<variable>{%c16}
    util.global.store %s, @sink : !stream.resource<variable>
    util.return
  }
  util.func public @get() -> !hal.buffer_view {
    %c16 = arith.constant 16 : index
    %l = util.global.load @g : !stream.resource<variable>
    %t = stream.async.transfer %l : !stream.resource<variable>{%c16} -> !stream.resource<external>{%c16}
    %bv = stream.tensor.export %t : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %bv : !hal.buffer_view
  }
  util.func private @set9() {
    %c16 = arith.constant 16 : index
    %c9_i32 = arith.constant 9 : i32
    %s = stream.async.splat %c9_i32 : i32 -> !stream.resource<variable>{%c16}
    util.global.store %s, @g : !stream.resource<variable>
    util.return
  }
  util.func public @f(%step: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %c9_i32 = arith.constant 9 : i32
    %cond = arith.cmpi ult, %step, %c1 : index
    %l = util.global.load @g : !stream.resource<variable>
    %k = stream.async.splat %c9_i32 : i32 -> !stream.resource<variable>{%c16}
    util.global.store %k, @g : !stream.resource<variable>
    util.call @touch() : () -> ()
    util.global.store %l, @g : !stream.resource<variable>
    util.return
  }
}
