// The npm side of test/integration/ulid_interop.sh: ulid/javascript (npm `ulid`, the spec's reference
// implementation) reading what the server wrote and writing what the server reads. Tab-separated files in and out;
// every verdict a line "ok - ..." or "not ok - ..." for the script to count.
//
//   node interop.mjs theirs                    their ids: LABEL N TEXT CANONICAL MS UUID, one line each
//   node interop.mjs monotonic                 their monotonicFactory's ids: SEQUENCE N TEXT, in generation order
//   node interop.mjs ours FILE                 our ids (KIND M TEXT UUID OUR_MS EXPECTED_MS) read by the library
//   node interop.mjs order FILE                ids in generation order (SEQUENCE N TEXT): text order = that order
//   node interop.mjs sorted FILE               ids as ORDER BY the ulid type gave them (TEXT): = their text order
//   node interop.mjs vectors TSV               test/vectors/ulid.tsv as the library reads it (ROW KIND RESULT)
//   node interop.mjs same-vectors TSV OURS     the server's reading (ROW KIND RESULT) against the library's and the file's
import { readFileSync } from 'node:fs';
import { decodeTime, encodeTime, fixULIDBase32, isValid, monotonicFactory, ulid, ulidToUUID, uuidToULID, TIME_MAX }
	from 'ulid';

const [command, ...files] = process.argv.slice(2);
const rows = (file) => readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => line.split('\t'));
let failures = 0;
// check NAME TOTAL WRONG: one verdict over TOTAL cases, showing the first few WRONG ones
const check = (name, total, wrong) => {
	if (wrong.length === 0 && total > 0) {
		console.log(`ok - ${name} (${total})`);
	} else {
		failures++;
		console.log(`not ok - ${name}: ${wrong.length} of ${total} wrong: ${wrong.slice(0, 5).join('; ')}`);
	}
};
const uuidOf = (text) => ulidToUUID(text).toLowerCase();
const valueOf = (text) => BigInt('0x' + ulidToUUID(text).replace(/-/g, ''));
// The millisecond counts the tests pick: every power of two of the 48 bits and its neighbours, the largest, and
// 3000 drawn across the whole range (1970 to 10889).
const milliseconds = () => {
	const picked = [1, TIME_MAX];
	for (let k = 1; k < 48; k++) picked.push(2 ** k - 1, 2 ** k, 2 ** k + 1);
	for (let i = 0; i < 3000; i++) picked.push(Math.floor(Math.random() * (TIME_MAX + 1)));
	return picked;
};

// A vector's timestamp (2016-07-30T23:54:10.259Z, 10889-08-02T05:31:50.655Z, 2023-11-14T22:13:20.000001Z) in
// microseconds, read here because Date.parse takes neither five-digit years nor microseconds.
const micros = (timestamp) => {
	const m = /^(\d{4,5})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?Z$/.exec(timestamp);
	if (!m) throw new Error(`unreadable timestamp ${timestamp}`);
	const whole = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
	return BigInt(whole) * 1000n + BigInt((m[7] ?? '').padEnd(6, '0'));
};
const floorMillis = (us) => Number(us >= 0n ? us / 1000n : -((-us + 999n) / 1000n));
const ceilMillis = (us) => Number(us >= 0n ? (us + 999n) / 1000n : -(-us / 1000n));

// How the library reads a text: its own alias rule (fixULIDBase32: I, L -> 1, O -> 0), then the 128 bits; its
// canonical text is those bits written back. "refused" where it throws.
const theirReading = (text) => {
	try {
		const fixed = fixULIDBase32(text);
		const uuid = uuidOf(fixed);
		const canonical = uuidToULID(uuid);
		return `${canonical} ${uuid} ${decodeTime(canonical)}`;
	} catch {
		return 'refused';
	}
};
// The boundary of an instant as the library can write it: the first id of the millisecond at or after it.
const theirBoundary = (timestamp) => encodeTime(Math.max(0, ceilMillis(micros(timestamp)))) + '0'.repeat(16);

const vectorRows = (file) =>
	readFileSync(file, 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#')).slice(1)
		.map((line, i) => {
			const [kind, text, id, uuid, timestamp, sqlstate] = line.split('\t');
			return { row: i + 1, kind, text, id, uuid, timestamp, sqlstate };
		});
// Each row as one side reads it: ROW KIND RESULT (read: the text; written: the uuid's 128 bits as text).
const theirVectorLines = (file) => vectorRows(file).flatMap((v) => {
	switch (v.kind) {
		case 'id': return [`${v.row}\tread\t${theirReading(v.id)}`, `${v.row}\twritten\t${uuidToULID(v.uuid)}`];
		case 'input': case 'invalid': return [`${v.row}\tread\t${theirReading(v.text)}`];
		case 'boundary': return [`${v.row}\tboundary\t${theirBoundary(v.timestamp)}`];
		default: throw new Error(`unknown kind ${v.kind}`);
	}
});

switch (command) {
	case 'theirs': {
		const out = [];
		let n = 0;
		const add = (label, text, canonical, ms) => out.push([label, ++n, text, canonical, ms, uuidOf(canonical)].join('\t'));
		// ulid(0) would be now (the library takes a falsy seed for none): the epoch's millisecond from encodeTime
		const epoch = encodeTime(0) + ulid().slice(10);
		add('encodeTime(0) + random', epoch, epoch, 0);
		for (const ms of milliseconds()) {
			const id = ulid(ms);
			add('ulid(seedTime)', id, id, ms);
			// the spellings Crockford allows: lower case, and I or L for 1, O for 0 (the library never writes them)
			add('ulid(seedTime) in lower case', id.toLowerCase(), id, ms);
			const aliased = id.replace(/1/g, () => 'IiLl'[Math.floor(Math.random() * 4)]).replace(/0/g, () => 'Oo'[Math.floor(Math.random() * 2)]);
			if (aliased !== id) add('ulid(seedTime) with I, L and O', aliased, id, ms);
		}
		for (const line of out) console.log(line);
		break;
	}
	case 'monotonic': {
		// the library's monotonic factory: 3000 ids in one millisecond, the next millisecond, a seed set back (it
		// keeps incrementing in the later millisecond), then 5000 at the clock's pace
		const factory = monotonicFactory();
		const seed = Date.now() - 60000;
		const seeds = [...Array(3000).fill(seed), ...Array(1000).fill(seed + 1), ...Array(500).fill(seed - 5),
			...Array(5000).fill(undefined)];
		seeds.forEach((s, i) => console.log(`theirs\t${i + 1}\t${factory(s)}`));
		break;
	}
	case 'ours': {
		// KIND M TEXT UUID OUR_MS EXPECTED_MS: decodeTime of ours is the millisecond asked for, which is our
		// ulid_extract_timestamp; the 128 bits are our uuid both ways; a boundary's random part is zero
		const byKind = new Map();
		for (const [kind, m, text, uuid, ourMs, expected] of rows(files[0])) {
			if (!byKind.has(kind)) byKind.set(kind, { total: 0, time: [], bits: [], valid: [] });
			const k = byKind.get(kind);
			k.total++;
			const theirMs = decodeTime(text);
			if (theirMs !== Number(expected) || theirMs !== Number(ourMs))
				k.time.push(`${text} (${m} ms): decodeTime ${theirMs}, ulid_extract_timestamp ${ourMs}, asked for ${expected}`);
			if (uuidOf(text) !== uuid || uuidToULID(uuid) !== text) k.bits.push(`${text}: ulidToUUID ${uuidOf(text)}, ours ${uuid}`);
			if (!isValid(text) || (kind.startsWith('ulid_boundary') && !text.endsWith('0'.repeat(16))))
				k.valid.push(`${text}`);
		}
		for (const [kind, k] of byKind) {
			check(`${kind}: decodeTime of ours = the millisecond asked for = ulid_extract_timestamp`, k.total, k.time);
			check(`${kind}: ulidToUUID of ours = ours::uuid, uuidToULID of that = ours`, k.total, k.bits);
			check(`${kind}: isValid${kind.startsWith('ulid_boundary') ? ', random part zero' : ''}`, k.total, k.valid);
		}
		break;
	}
	case 'order': {
		// SEQUENCE N TEXT in generation order: sorted as text (code units, the library's order) they stay in that
		// order, decodeTime never goes back, and within a millisecond each is the one before + 1 as 128 bits
		const sequences = new Map();
		for (const [sequence, n, text] of rows(files[0])) {
			if (!sequences.has(sequence)) sequences.set(sequence, []);
			sequences.get(sequence).push({ n: Number(n), text });
		}
		for (const [sequence, ids] of sequences) {
			ids.sort((a, b) => a.n - b.n);
			const sorted = ids.map((id) => id.text).sort();
			const misplaced = ids.filter((id, i) => sorted[i] !== id.text).map((id) => `#${id.n} ${id.text}`);
			check(`${sequence}: sorted as text, the ids stay in generation order`, ids.length, misplaced);
			const steps = [];
			let sameMillisecond = 0;
			for (let i = 1; i < ids.length; i++) {
				const [a, b] = [ids[i - 1].text, ids[i].text];
				if (decodeTime(b) < decodeTime(a)) steps.push(`${a} -> ${b} goes back in time`);
				else if (decodeTime(b) === decodeTime(a)) {
					sameMillisecond++;
					if (valueOf(b) !== valueOf(a) + 1n) steps.push(`${a} -> ${b} is not + 1`);
				}
			}
			check(`${sequence}: decodeTime never goes back; within a millisecond + 1 (${sameMillisecond} such steps)`,
				sameMillisecond > 1000 ? ids.length : 0, steps);
		}
		break;
	}
	case 'sorted': {
		const ids = rows(files[0]).map(([text]) => text);
		const sorted = [...ids].sort();
		check('theirs and ours together: ORDER BY the ulid type = their text order',
			ids.length, ids.filter((id, i) => sorted[i] !== id));
		break;
	}
	case 'vectors':
		for (const line of theirVectorLines(files[0])) console.log(line);
		break;
	case 'same-vectors': {
		// the server's lines against the library's, and both against the file: a refusal's SQLSTATE the file's
		const vectors = new Map(vectorRows(files[0]).map((v) => [String(v.row), v]));
		const theirs = theirVectorLines(files[0]);
		const ours = rows(files[1]).map((r) => r.join('\t'));
		const differ = [], wrong = [];
		theirs.forEach((line, i) => {
			const [row, what, result] = line.split('\t');
			const v = vectors.get(row);
			const our = (ours[i] ?? '').replace(/\trefused [0-9A-Z]{5}$/, '\trefused');
			if (our !== line) differ.push(`row ${row} ${what}: ours ${ours[i]}, theirs ${result}`);
			let expected;
			if (what === 'written') expected = v.id;
			else if (what === 'boundary') expected = v.id;
			else if (v.kind === 'invalid') expected = 'refused';
			else if (v.kind === 'input') expected = `${v.id} ${uuidOf(v.id)} ${decodeTime(v.id)}`;
			else expected = `${v.id} ${v.uuid} ${floorMillis(micros(v.timestamp))}`;
			if (result !== expected) wrong.push(`row ${row} ${what}: theirs ${result}, the file ${expected}`);
			if (v.kind === 'invalid' && ours[i] !== `${row}\tread\trefused ${v.sqlstate}`)
				wrong.push(`row ${row}: ours ${ours[i]}, the file's SQLSTATE ${v.sqlstate}`);
		});
		if (ours.length !== theirs.length) differ.push(`${ours.length} lines of ours, ${theirs.length} of theirs`);
		const counts = ['id', 'input', 'invalid', 'boundary'].map((k) => `${[...vectors.values()].filter((v) => v.kind === k).length} ${k}`);
		check(`test/vectors/ulid.tsv (${counts.join(', ')}): read and written the same by both`, theirs.length, differ);
		check('test/vectors/ulid.tsv: the library gives the file\'s answers (ours its SQLSTATEs)', theirs.length, wrong);
		break;
	}
	default:
		console.error(`interop.mjs: unknown command ${command}`);
		process.exit(2);
}
process.exitCode = failures > 0 ? 1 : 0;
