// Three modules in IREE's lit convention: one with nothing to report, one whose update copies a
// part of its target onto the target's start (the ranges overlap where %at < %length), one that
// does not parse. `check --split-input-file` checks each on its own, positions in this file.

util.func public @splat_exported(%arg0: index) -> !stream.resource<external> {
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %v = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c4}
  %r = stream.async.transfer %v : !stream.resource<transient>{%c4} -> !stream.resource<external>{%c4}
  util.return %r : !stream.resource<external>
}

// -----

util.func public @part_copied_onto_the_start(%target: !stream.resource<external>, %size: index, %at: index, %length: index) {
  %c0 = arith.constant 0 : index
  %done, %ready = stream.async.execute with(%target as %t: !stream.resource<external>{%size}) -> (%target as !stream.resource<external>{%size}) {
    %part = stream.resource.subview %t[%at] : !stream.resource<external>{%size} -> !stream.resource<external>{%length}
    %moved = stream.async.update %part, %t[%c0 to %length] : !stream.resource<external>{%length} -> %t as !stream.resource<external>{%size}
    stream.yield %moved : !stream.resource<external>{%size}
  } => !stream.timepoint
  util.optimization_barrier %done : !stream.resource<external>
  util.return
}

// -----

util.func public @broken(%arg0: index) -> index {
  util.return %undefined : index
}
