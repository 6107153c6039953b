"""What the tool tells its user: the proof log (:mod:`.explain`), optimization remarks
(:mod:`.remarks`) with their suggestions (:mod:`.suggestions`), and output files written all
or none (:mod:`.outputs`)."""
