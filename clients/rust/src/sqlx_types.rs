//! sqlx's `Type`, `Encode` and `Decode` for `Postgres`, and `PgHasArrayType` (so `Vec<T>` and `Vec<Option<T>>`
//! are arrays). Parameters go in the binary forms; results are read in both forms (sqlx's prepared queries
//! receive binary, `raw_sql` text).

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};
use sqlx::{Decode, Encode, Type};

use crate::{BinaryForm, DistributedId, Iuid, Siq, Ulid};

// The types' OIDs differ from one database to the next: sqlx looks them up by name (once per connection).
macro_rules! identities_type {
    ($rust:ty) => {
        impl Type<Postgres> for $rust {
            fn type_info() -> PgTypeInfo {
                PgTypeInfo::with_name(<$rust>::TYPE_NAME)
            }
        }

        impl PgHasArrayType for $rust {
            fn array_type_info() -> PgTypeInfo {
                PgTypeInfo::array_of(<$rust>::TYPE_NAME)
            }
        }

        impl Encode<'_, Postgres> for $rust {
            fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
                self.write_binary(&mut **buf);
                Ok(IsNull::No)
            }
        }

        impl Decode<'_, Postgres> for $rust {
            fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
                Ok(match value.format() {
                    PgValueFormat::Binary => <$rust>::from_binary(value.as_bytes()?)?,
                    PgValueFormat::Text => value.as_str()?.parse()?,
                })
            }
        }
    };
}

identities_type!(DistributedId);
identities_type!(Siq);
identities_type!(Iuid);
identities_type!(Ulid);
