// Stream-async IR at the splice, made from review 8's p61 (an outer and an inner cf loop; the
// inner inserts v+i at i+j into its block argument): the constant is cloned once, in the entry
// block, and the branch into the inner cycle hands that one clone to it in every outer
// iteration, which the inner loop fills in place (IREE 3.13 itself clones in the inner body
// here; this is the hand-over its copy-on-write makes for scf loops, spelled in cf). The check's
// consumed-in-a-loop rule names the branch; the repair makes the branch hand over a fresh copy.
// f(n, m, v) = sum_i (a with [i .. i+m-1] = v+i): f(2,1,10) = [11 13 6 8], f(3,1,0) = [2 5 8 12].
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", cpu_features = "+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,+mwaitx,+pclmul,+pku,+popcnt,+prfchw,+rdpid,+rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,+wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,+adx,+aes,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,+avx,-avx10.1,-avx10.2,-avx10v2aux,+avx2,+avx512bf16,+avx512bitalg,-avx512bmm,+avx512bw,+avx512cd,+avx512dq,+avx512f,-avx512fp16,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,-avx512vp2intersect,+avx512vpopcntdq,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,+bmi,+bmi2,-ccmp,-cf,-cldemote,+clflushopt,+clwb,+clzero,+cmov,-cmpccxadd,+crc32,+cx16,+cx8,-egpr,-enqcmd,+f16c,+fma,-fma4,+fsgsbase,+fxsr,+gfni,-hreset,+invpcid,-jmpabs,-kl,-lwp,+lzcnt,+mmx,+movbe,-movdir64b,-movdiri,-movrs,-mwaitx,-ndd,-nf,+pclmul,-pconfig,-pku,+popcnt,-ppx,-prefetchi,+prfchw,-ptwrite,-push2pop2,-raoint,+rdpid,-rdpru,+rdrnd,+rdseed,-rtm,+sahf,-serialize,-sgx,+sha,-sha512,+shstk,-sm3,-sm4,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,-tbm,-tsxldtrk,-uintr,-usermsr,+vaes,+vpclmulqdq,-waitpkg,-wbnoinvd,-widekl,-xop,+xsave,+xsavec,+xsaveopt,+xsaves,-zu", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 64 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0) -> (d0)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module @m attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  util.global private @__constant_tensor_4xi32 : !stream.resource<constant>
  util.initializer {
    %c16 = arith.constant 16 : index
    %cst = stream.async.constant on(#hal.device.affinity<@__device_0>) : !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.global.store %cst, @__constant_tensor_4xi32 : !stream.resource<constant>
    util.return
  }
  stream.executable private @f_dispatch_0 {
    stream.executable.export public @f_dispatch_0_elementwise_4_i32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @f_dispatch_0_elementwise_4_i32(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
        %5 = tensor.empty() : tensor<4xi32>
        %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%3, %4 : tensor<4xi32>, tensor<4xi32>) outs(%5 : tensor<4xi32>) {
        ^bb0(%in: i32, %in_0: i32, %out: i32):
          %7 = arith.addi %in, %in_0 : i32
          linalg.yield %7 : i32
        } -> tensor<4xi32>
        iree_tensor_ext.dispatch.tensor.store %6, %2, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
        return
      }
    }
  }
  util.func public @f(%arg0: i32, %arg1: i32, %arg2: i32) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @f(%input0: i32, %input1: i32, %input2: i32) -> (%output0: tensor<4xi32>)"}} {
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %__constant_tensor_4xi32 = util.global.load immutable @__constant_tensor_4xi32 : !stream.resource<constant>
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg1 : i32 to index
    %2 = stream.async.clone on(#hal.device.affinity<@__device_0>) %__constant_tensor_4xi32 : !stream.resource<constant>{%c16} -> !stream.resource<constant>{%c16}
    %3 = stream.async.splat on(#hal.device.affinity<@__device_0>) %c0_i8 : i8 -> !stream.resource<transient>{%c16}
    cf.br ^bb1(%c0, %3 : index, !stream.resource<transient>)
  ^bb1(%4: index, %5: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb5
    %6 = arith.cmpi slt, %4, %0 : index
    cf.cond_br %6, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %7 = arith.index_cast %4 : index to i32
    %8 = arith.addi %arg2, %7 : i32
    cf.br ^bb3(%c0, %2, %c16 : index, !stream.resource<constant>, index)
  ^bb3(%9: index, %10: !stream.resource<constant>, %11: index):  // 2 preds: ^bb2, ^bb4
    %12 = arith.cmpi slt, %9, %1 : index
    cf.cond_br %12, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %13 = arith.addi %4, %9 : index
    %14 = arith.muli %13, %c4 : index
    %15 = arith.addi %14, %c4 : index
    %16 = stream.async.fill %8, %10[%14 to %15 for %c4] : i32 -> %10 as !stream.resource<constant>{%11}
    %17 = arith.addi %9, %c1 : index
    cf.br ^bb3(%17, %16, %11 : index, !stream.resource<constant>, index)
  ^bb5:  // pred: ^bb3
    %18 = stream.async.transfer %5 : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@__device_0>) !stream.resource<transient>{%c16}
    %19 = stream.async.transfer %10 : !stream.resource<constant>{%11} -> to(#hal.device.affinity<@__device_0>) !stream.resource<constant>{%11}
    %20 = stream.async.dispatch on(#hal.device.affinity<@__device_0>) @f_dispatch_0::@f_dispatch_0_elementwise_4_i32(%18[%c0 to %c16 for %c16], %19[%c0 to %11 for %11]) : (!stream.resource<transient>{%c16}, !stream.resource<constant>{%11}) -> !stream.resource<transient>{%c16}
    %21 = arith.addi %4, %c1 : index
    cf.br ^bb1(%21, %20 : index, !stream.resource<transient>)
  ^bb6:  // pred: ^bb1
    %22 = stream.async.transfer %5 : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@__device_0>) !stream.resource<external>{%c16}
    %23 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %22 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %23 : !hal.buffer_view
  }
}
