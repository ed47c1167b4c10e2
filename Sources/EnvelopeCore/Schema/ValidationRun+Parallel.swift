import Dispatch

extension ValidationRun {
    /// Validates every element of the array at `instance` against `itemSchema`, in as many
    /// consecutive shares as there are cores, each on a copy of this run; then gathers the
    /// shares' findings in order, so the outcome is exactly that of one pass. Returns whether
    /// every element is valid, or nil when there is only one share to make.
    ///
    /// A large answer is mostly one array (`Root<T>`'s list), and the tape is read-only by
    /// now, so its elements can be judged side by side.
    mutating func validateElementsInParallel(_ instance: Int, count: Int, against itemSchema: Int) -> Bool? {
        let shares = min(parallelShares, count)
        guard shares > 1 else { return nil }
        // Where each share starts: its first element's position and tape index.
        var starts: [(position: Int, element: Int)] = []
        starts.reserveCapacity(shares)
        let perShare = (count + shares - 1) / shares
        let stop = childrenEnd(instance)
        var position = 0
        var element = instance + 1
        while element < stop {
            if position % perShare == 0 { starts.append((position, element)) }
            position += 1
            element = end(element)
        }
        var template = self
        template.groups = [:]
        template.tallies = TallyTable()
        template.arrayTotals = PlaceTable()
        template.lastArrayPlace = nil
        template.parallelElementThreshold = .max
        let work = ArrayShares(template: template, starts: starts, stop: stop, itemSchema: itemSchema)
        DispatchQueue.concurrentPerform(iterations: starts.count) { share in work.validate(share: share) }
        for share in 0..<work.count { absorb(work.run(share).pointee) }
        return work.verdicts.allSatisfy { $0 }
    }

    /// Adds what `share` found after what this run has found so far, as if it had been found
    /// here: groups merge in order of discovery, tallies add up.
    mutating func absorb(_ share: ValidationRun) {
        violations += share.violations
        for (key, group) in share.groups.sorted(by: { $0.value.order < $1.value.order }) {
            if groups[key] == nil {
                var adopted = group
                adopted.order = groups.count
                groups[key] = adopted
            } else {
                groups[key]?.absorb(group)
            }
        }
        tallies.absorb(share.tallies)
        for total in share.arrayTotals.entries {
            if let position = arrayTotals.position(of: total.hash) {
                arrayTotals[position].count += total.count
            } else {
                arrayTotals.insert(total)
            }
        }
    }
}

/// The consecutive shares of one array's elements, each validated on its own copy of the run.
private final class ArrayShares: @unchecked Sendable {
    // @unchecked Sendable: during `concurrentPerform` the call for share i touches only
    // `run(i)` and `verdicts[i]`, and reads `starts`, `stop` and `itemSchema`, which never
    // change; the copies share the tape, the text and the schemas, which nothing writes while
    // validating. The lead thread reads the slots only after `concurrentPerform` has returned,
    // which waits for every share.
    let starts: [(position: Int, element: Int)]
    let stop: Int
    let itemSchema: Int
    let verdicts: UnsafeMutableBufferPointer<Bool>
    /// The shares' runs, each in a slot of whole cache lines of its own: a run changes its
    /// counters and stacks at every value, and two runs on one line would have the cores
    /// take it from each other (false sharing).
    private let storage: UnsafeMutableRawPointer
    private static let slot = (MemoryLayout<ValidationRun>.stride + cacheLine - 1) / cacheLine * cacheLine
    /// Wider than a cache line: adjacent-line prefetching pairs lines.
    private static let cacheLine = 128

    /// How many shares there are.
    var count: Int { starts.count }

    init(template: ValidationRun, starts: [(position: Int, element: Int)], stop: Int, itemSchema: Int) {
        self.starts = starts
        self.stop = stop
        self.itemSchema = itemSchema
        storage = .allocate(byteCount: Self.slot * starts.count, alignment: Self.cacheLine)
        for share in starts.indices {
            (storage + share * Self.slot).initializeMemory(as: ValidationRun.self, to: template)
        }
        verdicts = .allocate(capacity: starts.count)
        verdicts.initialize(repeating: true)
    }

    deinit {
        for share in starts.indices { run(share).deinitialize(count: 1) }
        storage.deallocate()
        verdicts.deallocate()
    }

    /// Share `share`'s run.
    func run(_ share: Int) -> UnsafeMutablePointer<ValidationRun> {
        (storage + share * Self.slot).assumingMemoryBound(to: ValidationRun.self)
    }

    /// Validates the elements of share `share`, from its first up to the next share's first.
    func validate(share: Int) {
        let end = share + 1 < starts.count ? starts[share + 1].element : stop
        verdicts[share] = run(share).pointee.validateElements(from: starts[share].element, position: starts[share].position, upTo: end,
                                                              prefixItems: [], items: itemSchema)
    }
}
