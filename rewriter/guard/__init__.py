"""The schedule check on every compile: IREE run up to the schedule it keeps
(:mod:`.schedule`), the check of that schedule and its repair (:mod:`.schedule_guard`), and the
check of a file on its own (:mod:`.check`)."""
