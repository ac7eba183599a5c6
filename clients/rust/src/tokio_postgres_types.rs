//! postgres-types' `FromSql` and `ToSql` (tokio-postgres, postgres): the binary forms, for parameters, results,
//! arrays (`Vec<T>`, `Vec<Option<T>>`) and binary COPY.

use std::error::Error as StdError;

use bytes::BytesMut;
use postgres_types::{to_sql_checked, FromSql, IsNull, ToSql, Type};

use crate::{BinaryForm, DistributedId, Iuid, Siq, Ulid};

type BoxError = Box<dyn StdError + Sync + Send>;

// The types' OIDs differ from one database to the next: they are recognised by name, in any schema.
macro_rules! identities_type {
    ($rust:ty) => {
        impl<'a> FromSql<'a> for $rust {
            fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                Ok(<$rust>::from_binary(raw)?)
            }

            fn accepts(ty: &Type) -> bool {
                ty.name() == <$rust>::TYPE_NAME
            }
        }

        impl ToSql for $rust {
            fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                self.write_binary(out);
                Ok(IsNull::No)
            }

            fn accepts(ty: &Type) -> bool {
                ty.name() == <$rust>::TYPE_NAME
            }

            to_sql_checked!();
        }
    };
}

identities_type!(DistributedId);
identities_type!(Siq);
identities_type!(Iuid);
identities_type!(Ulid);
