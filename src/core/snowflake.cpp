#include "core/snowflake.hpp"

#include "core/error.hpp"

#include <string>

namespace identities {
namespace {

std::int64_t checked_field_argument(std::int64_t value, std::int64_t max, const char *argument) {
	if (value < 0 || value > max)
		throw message_error(Message::snowflake_field_out_of_range, {argument, std::to_string(value), std::to_string(max)});
	return value;
}

} // namespace

std::int64_t snowflake_boundary(UnixMicros instant, std::int64_t epoch_unix_millis) {
	if (instant <= epoch_unix_millis * kMicrosPerMilli)
		return 0;
	const std::int64_t millis_since_epoch = ceil_div(instant, kMicrosPerMilli) - epoch_unix_millis;
	if (static_cast<std::uint64_t>(millis_since_epoch) > kSnowflakeMaxGeneratedMillis)
		throw message_error(Message::snowflake_boundary_out_of_range);
	return compose_snowflake(static_cast<std::uint64_t>(millis_since_epoch), 0, 0, 0);
}

std::int64_t snowflake_at(UnixMicros instant, std::int64_t epoch_unix_millis, std::uint8_t worker, std::uint8_t process,
                          std::uint16_t increment) {
	const std::int64_t millis_since_epoch = floor_div(instant, kMicrosPerMilli) - epoch_unix_millis;
	if (millis_since_epoch < 0 || static_cast<std::uint64_t>(millis_since_epoch) > kSnowflakeMaxGeneratedMillis)
		throw message_error(Message::snowflake_time_out_of_range);
	return compose_snowflake(static_cast<std::uint64_t>(millis_since_epoch), worker, process, increment);
}

std::uint8_t checked_snowflake_worker(std::int64_t worker) {
	return static_cast<std::uint8_t>(checked_field_argument(worker, kSnowflakeMaxWorker, "worker"));
}

std::uint8_t checked_snowflake_process(std::int64_t process) {
	return static_cast<std::uint8_t>(checked_field_argument(process, kSnowflakeMaxProcess, "process"));
}

std::uint16_t checked_snowflake_increment(std::int64_t increment) {
	return static_cast<std::uint16_t>(checked_field_argument(increment, kSnowflakeMaxIncrement, "increment"));
}

std::int64_t checked_snowflake_epoch(std::int64_t epoch_unix_millis) {
	if (epoch_unix_millis < 0 || epoch_unix_millis > kSnowflakeMaxEpochUnixMillis)
		throw message_error(Message::snowflake_epoch_out_of_range, {std::to_string(epoch_unix_millis)});
	return epoch_unix_millis;
}

Step<std::int64_t> step_snowflake(SnowflakeState &state, UnixMicros now, std::int64_t epoch_unix_millis,
                                  std::uint8_t worker, std::uint8_t process) noexcept {
	const std::int64_t now_millis = floor_div(now, kMicrosPerMilli);
	// A clock before the epoch has no Snowflake; without this a fresh state would count from its zero.
	if (now_millis < epoch_unix_millis)
		return {StepStatus::ClockOutOfRange, 0};
	std::int64_t millis = state.last_unix_millis;
	std::uint32_t increment = state.next_increment;
	if (now_millis > millis) {
		millis = now_millis;
		increment = 0;
	} else if (increment > kSnowflakeMaxIncrement) {
		if (now_millis == millis)
			return {StepStatus::Sleep, 0}; // 4096 ids this ms: wait for the next
		// The clock is behind the ms we count in (set back): take the next ms rather than wait for the clock.
		millis++;
		increment = 0;
	}
	std::int64_t millis_since_epoch = 0;
	if (__builtin_sub_overflow(millis, epoch_unix_millis, &millis_since_epoch) || millis_since_epoch < 0 ||
	    static_cast<std::uint64_t>(millis_since_epoch) > kSnowflakeMaxGeneratedMillis)
		return {StepStatus::ClockOutOfRange, 0}; // the state is left as it was
	state.last_unix_millis = millis;
	state.next_increment = increment + 1;
	return {StepStatus::Ready, compose_snowflake(static_cast<std::uint64_t>(millis_since_epoch), worker, process,
	                                             static_cast<std::uint16_t>(increment))};
}

} // namespace identities
