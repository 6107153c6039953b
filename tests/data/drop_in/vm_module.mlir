// VM IR (IREE's samples/emitc_modules): past the stream phase. iree-compile builds it; the tool
// builds it as iree-compile does and says that nothing was checked.
vm.module @module {
  vm.func @add(%a: i32, %b: i32) -> i32 {
    %0 = vm.add.i32 %a, %b : i32
    vm.return %0 : i32
  }
  vm.export @add
}
